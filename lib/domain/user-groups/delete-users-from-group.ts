import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, byClientId } from "../batch";
import { invalid } from "../errors";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { lockGroup } from "./user-groups-store";

export const deleteUsersFromGroupInput = z.strictObject({
  organizationId: clientId,
  organizationUserGroupId: clientId,
  userIds: batchOf(clientId).optional(),
  deleteAll: z.boolean().optional(),
});

export const NOT_IN_GROUP = "User is not in this organization user group.";

type Result = { success: boolean; organizationUserGroupId: string; message: string };

/**
 * Removes some users (userIds) or every user (deleteAll: true) from a group; they lose what the group granted
 * them at once. With deleteAll the reply names each user removed.
 */
export async function deleteUsersFromGroup(
  scope: ApiKeyScope,
  input: z.output<typeof deleteUsersFromGroupInput>,
  tx: Tx,
) {
  const all = input.deleteAll === true;
  if (all && input.userIds) throw invalid("Provide either userIds or deleteAll: true, not both.");
  if (!all && !input.userIds) throw invalid("userIds is required unless deleteAll is true.");
  const org = orgScope(scope, input.organizationId);
  const groupId = input.organizationUserGroupId;
  if (input.userIds) assertDistinct(input.userIds, "userIds");
  await lockGroup(tx, org, groupId);
  const where = { ...org, groupId, ...(input.userIds && { userId: { in: input.userIds } }) };
  const members = await tx.userGroupMember.findMany({ where, select: { userId: true }, orderBy: { createdAt: "asc" } });
  await tx.userGroupMember.deleteMany({ where });
  const removed = new Set(members.map((m) => m.userId));
  const results = byClientId<Result>();
  for (const userId of input.userIds ?? [...removed]) {
    results[userId] = removed.has(userId)
      ? { success: true, organizationUserGroupId: groupId, message: "User deleted from organization user group." }
      : { success: false, organizationUserGroupId: groupId, message: NOT_IN_GROUP };
  }
  return results;
}
