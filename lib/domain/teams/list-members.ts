import type { Reader } from "@/lib/infra/db";
import { notFound } from "../errors";
import type { WorkspaceScope } from "../scope";
import { WORKSPACE_NOT_FOUND } from "../workspaces/get-visible-workspace";
import type { MemberRole } from "./roles";

export interface Member {
  email: string;
  role: MemberRole;
  /** The workspace's creator: always an owner, cannot be removed. */
  creator: boolean;
  invitedBy: string | null;
  invitedAt: string;
  /** Their first sign-in since they were invited; null while the invitation is open. */
  joinedAt: string | null;
}

/** The workspace's people: its creator first, then members in the order they were invited. */
export async function listMembers(scope: WorkspaceScope, tx: Reader): Promise<Member[]> {
  const ws = await tx.workspace.findFirst({
    where: { id: scope.workspaceId },
    select: {
      ownerEmail: true,
      createdAt: true,
      members: { orderBy: [{ invitedAt: "asc" }, { email: "asc" }] },
    },
  });
  if (!ws) throw notFound(WORKSPACE_NOT_FOUND);
  return [
    {
      email: ws.ownerEmail,
      role: "owner",
      creator: true,
      invitedBy: null,
      invitedAt: ws.createdAt.toISOString(),
      joinedAt: ws.createdAt.toISOString(),
    },
    ...ws.members.map((m) => ({
      email: m.email,
      role: m.role as MemberRole,
      creator: false,
      invitedBy: m.invitedBy,
      invitedAt: m.invitedAt.toISOString(),
      joinedAt: m.joinedAt?.toISOString() ?? null,
    })),
  ];
}
