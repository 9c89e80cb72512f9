import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { denied, notFound } from "../errors";
import { email, normalizeEmail } from "../fields";
import type { WorkspaceScope } from "../scope";
import type { Actor } from "./invite-member";
import { OWNERS_MAKE_OWNERS } from "./invite-member";
import { mayDo, memberRoles } from "./roles";

// Changing a member's role and removing a member. The workspace's creator is neither (always its owner); an
// owner's role is an owner's to change.

export const MEMBER_NOT_FOUND = "This address is not a member of the workspace.";
export const CREATOR_STAYS = "The workspace's creator is always its owner.";

export const changeMemberRoleInput = z.strictObject({ email, role: z.enum(memberRoles) });
export const removeMemberInput = z.strictObject({ email });

async function memberToChange(scope: WorkspaceScope, address: string, tx: Tx) {
  const ws = await tx.workspace.findFirst({ where: { id: scope.workspaceId }, select: { ownerEmail: true } });
  if (ws?.ownerEmail === address) throw denied(CREATOR_STAYS);
  const member = await tx.workspaceMember.findFirst({ where: { workspaceId: scope.workspaceId, email: address } });
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  return member;
}

export async function changeMemberRole(
  scope: WorkspaceScope,
  input: z.output<typeof changeMemberRoleInput>,
  tx: Tx,
  actor: Actor,
) {
  const address = normalizeEmail(input.email);
  const member = await memberToChange(scope, address, tx);
  if ((member.role === "owner" || input.role === "owner") && !mayDo(actor.role, "owner"))
    throw denied(OWNERS_MAKE_OWNERS);
  await tx.workspaceMember.updateMany({
    where: { workspaceId: scope.workspaceId, email: address },
    data: { role: input.role },
  });
  return { email: address, role: input.role, previousRole: member.role };
}

export async function removeMember(
  scope: WorkspaceScope,
  input: z.output<typeof removeMemberInput>,
  tx: Tx,
  actor: Actor,
) {
  const address = normalizeEmail(input.email);
  const member = await memberToChange(scope, address, tx);
  if (member.role === "owner" && !mayDo(actor.role, "owner")) throw denied("Only an owner can remove an owner.");
  await tx.workspaceMember.deleteMany({ where: { workspaceId: scope.workspaceId, email: address } });
  return { email: address, removed: true };
}
