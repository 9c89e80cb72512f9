import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, byClientId } from "../batch";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { USER_MISSING } from "../users/update-users";
import { addMembers, lockGroup } from "./user-groups-store";

export const addUsersToGroupInput = z.strictObject({
  organizationId: clientId,
  organizationUserGroupId: clientId,
  userIds: batchOf(clientId),
});

type Result = { success: boolean; organizationUserGroupId: string; message: string };

/**
 * Adds organization users to a group: they get what the group is granted. Only users of the organization's
 * directory (Add Users) can join; anyone else fails alone with "User does not exist.".
 */
export async function addUsersToGroup(scope: ApiKeyScope, input: z.output<typeof addUsersToGroupInput>, tx: Tx) {
  const org = orgScope(scope, input.organizationId);
  const groupId = input.organizationUserGroupId;
  assertDistinct(input.userIds, "userIds");
  await lockGroup(tx, org, groupId);
  const added = await addMembers(tx, org, groupId, input.userIds);
  const results = byClientId<Result>();
  for (const userId of input.userIds) {
    results[userId] = added.has(userId)
      ? { success: true, organizationUserGroupId: groupId, message: "User added to organization user group." }
      : { success: false, organizationUserGroupId: groupId, message: USER_MISSING };
  }
  return results;
}
