import { z } from "zod";
import { credentialsChanged } from "@/lib/infra/credential-cache";
import type { Tx } from "@/lib/infra/db";
import { invalid } from "../errors";
import type { WorkspaceScope } from "../scope";
import { deleteKeyData } from "../workspaces/tenant-data-store";
import { findWorkspaceKey } from "./find-workspace-key";

// Revokes a key for good: the key and everything stored for it are deleted, and its credentials are refused on
// every instance as soon as this commits (the credential caches hear it on the notify bus). Console-only: the
// REST API has no such operation.

export const deleteApiKeyInput = z.strictObject({
  apiKey: z.string().min(1).max(200),
  /** The key's name, typed by the user as a confirmation. */
  confirmName: z.string().max(500),
});

export const CONFIRM_KEY_NAME = "Type the key's name exactly to confirm.";

export async function deleteApiKey(scope: WorkspaceScope, input: z.output<typeof deleteApiKeyInput>, tx: Tx) {
  const { id } = await findWorkspaceKey(tx, scope.workspaceId, input.apiKey);
  const key = await tx.apiKey.findUniqueOrThrow({ where: { id }, select: { id: true, name: true } });
  if (input.confirmName !== key.name) throw invalid(CONFIRM_KEY_NAME);
  await deleteKeyData(tx, [key.id]);
  await credentialsChanged(tx, `apiKey:${key.id}`);
  return { apiKey: key.id };
}
