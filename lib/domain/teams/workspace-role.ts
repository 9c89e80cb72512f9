import type { Reader } from "@/lib/infra/db";
import { notFound } from "../errors";
import { WORKSPACE_NOT_FOUND } from "../workspaces/get-visible-workspace";
import { visibleWorkspaces, type ViewerScope } from "../workspaces/visible-workspaces";
import type { ActorRole, MemberRole } from "./roles";

/**
 * The viewer's role in a workspace they may see: owner for its creator, the member's role for a member, operator
 * for the operator. One query, the visibility rule in its `where`: another's workspace is NOT_FOUND (`missing`).
 */
export async function workspaceRole(
  scope: ViewerScope,
  workspaceId: string,
  tx: Reader,
  missing = WORKSPACE_NOT_FOUND,
): Promise<ActorRole> {
  const email = scope.level === "operator" ? "" : scope.ownerEmail;
  const ws = await tx.workspace.findFirst({
    where: { id: workspaceId, ...visibleWorkspaces(scope) },
    select: { ownerEmail: true, members: { where: { email }, select: { role: true } } },
  });
  if (!ws) throw notFound(missing);
  if (scope.level === "operator") return "operator";
  return ws.ownerEmail === email ? "owner" : (ws.members[0].role as MemberRole);
}
