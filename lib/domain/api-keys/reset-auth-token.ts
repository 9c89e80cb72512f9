import { z } from "zod";
import { forgetCredentials } from "@/lib/infra/credential-cache";
import type { Tx } from "@/lib/infra/db";
import type { WorkspaceScope } from "../scope";
import { findWorkspaceKey } from "./find-workspace-key";
import { issueAuthToken } from "./tokens";

export const apiKeyRefInput = z.strictObject({ apiKey: z.string().min(1).max(200) });

/** Replaces every auth token of the key with a new one; `forgetResetTokens` once it has committed. */
export async function resetAuthToken(scope: WorkspaceScope, input: z.output<typeof apiKeyRefInput>, tx: Tx) {
  const key = await findWorkspaceKey(tx, scope.workspaceId, input.apiKey);
  await tx.apiKeyAuthToken.deleteMany({ where: { apiKeyId: key.id } });
  const newAuthToken = await issueAuthToken(tx, key.id);
  return { apiKey: key.id, newAuthToken };
}

/**
 * After a reset has committed: the old tokens stop working at once on this instance, and on other instances
 * when their credential cache expires (WEFT_AUTH_CACHE_MS). Before the commit, a request could cache them again.
 */
export async function forgetResetTokens<T>(result: T): Promise<T> {
  forgetCredentials();
  return result;
}
