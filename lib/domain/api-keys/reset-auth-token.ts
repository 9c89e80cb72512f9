import { z } from "zod";
import { credentialsChanged } from "@/lib/infra/credential-cache";
import type { Tx } from "@/lib/infra/db";
import type { WorkspaceScope } from "../scope";
import { revokeUserTokens } from "../permissions/signing-key";
import { findWorkspaceKey } from "./find-workspace-key";
import { issueAuthToken } from "./tokens";

export const apiKeyRefInput = z.strictObject({ apiKey: z.string().min(1).max(200) });

/**
 * Replaces every auth token of the key with a new one: the old tokens stop working on every instance once
 * this commits (the credential caches hear it on the notify bus), and so do the user tokens minted before.
 */
export async function resetAuthToken(scope: WorkspaceScope, input: z.output<typeof apiKeyRefInput>, tx: Tx) {
  const key = await findWorkspaceKey(tx, scope.workspaceId, input.apiKey);
  await tx.apiKeyAuthToken.deleteMany({ where: { apiKeyId: key.id } });
  const newAuthToken = await issueAuthToken(tx, key.id);
  await revokeUserTokens(tx, [key.id]);
  await credentialsChanged(tx, `apiKey:${key.id}`);
  return { apiKey: key.id, newAuthToken };
}
