import { z } from "zod";
import { credentialsChanged } from "@/lib/infra/credential-cache";
import type { Tx } from "@/lib/infra/db";
import { invalid, notFound } from "../errors";
import type { WorkspaceScope } from "../scope";
import { deleteKeyData, deleteWorkspaceData, lockWorkspace } from "./tenant-data-store";

// Deletes a workspace with all its keys and their data; its token and its keys' tokens are refused on every
// instance once this commits. Console-only.

export const deleteWorkspaceInput = z.strictObject({ confirmName: z.string().max(500) });

export const CONFIRM_WORKSPACE_NAME = "Type the workspace's name exactly to confirm.";

export async function deleteWorkspace(scope: WorkspaceScope, input: z.output<typeof deleteWorkspaceInput>, tx: Tx) {
  const ws = await lockWorkspace(tx, scope.workspaceId);
  if (!ws) throw notFound("Workspace not found.");
  if (input.confirmName !== ws.name) throw invalid(CONFIRM_WORKSPACE_NAME);
  const keys = await tx.apiKey.findMany({ where: { workspaceId: ws.id }, select: { id: true } });
  await deleteKeyData(
    tx,
    keys.map((k) => k.id),
  );
  await deleteWorkspaceData(tx, ws.id);
  await tx.workspace.delete({ where: { id: ws.id } });
  await credentialsChanged(tx, `workspace:${ws.id}`);
  for (const k of keys) await credentialsChanged(tx, `apiKey:${k.id}`);
  return { workspaceId: ws.id };
}
