import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { notFound } from "../errors";
import { operatorWorkspaceView, workspaceSelect } from "../administration/operator-views";
import { visibleWorkspaces, type ViewerScope } from "./visible-workspaces";

export const WORKSPACE_NOT_FOUND = "Workspace not found.";

export const getVisibleWorkspaceInput = z.strictObject({ workspaceId: z.string().min(1).max(200) });

/**
 * The workspace's settings and identity (no credentials) and the address it was created from, if the scope may
 * see it; NOT_FOUND otherwise.
 */
export async function getVisibleWorkspace(
  scope: ViewerScope,
  input: z.output<typeof getVisibleWorkspaceInput>,
  tx: Reader,
) {
  const ws = await tx.workspace.findFirst({
    where: { id: input.workspaceId, ...visibleWorkspaces(scope) },
    select: { ...workspaceSelect, ownerName: true, createdIp: true },
  });
  if (!ws) throw notFound(WORKSPACE_NOT_FOUND);
  return { ...operatorWorkspaceView(ws), ownerName: ws.ownerName, createdIp: ws.createdIp };
}
