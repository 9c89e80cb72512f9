import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, byClientId, type ItemResult, type ItemResults } from "../batch";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { GROUP_MISSING, userGroupRowId } from "./user-groups-store";

export const deleteUserGroupsInput = z.strictObject({
  organizationId: clientId,
  organizationUserGroupIds: batchOf(clientId),
});

/** A weft extension: deletes groups with their memberships and grants; their members lose that access at once. */
export async function deleteUserGroups(
  scope: ApiKeyScope,
  input: z.output<typeof deleteUserGroupsInput>,
  tx: Tx,
): Promise<ItemResults> {
  const org = orgScope(scope, input.organizationId);
  assertDistinct(input.organizationUserGroupIds, "organizationUserGroupIds");
  const where = { ...org, groupId: { in: input.organizationUserGroupIds } };
  const existing = await tx.userGroup.findMany({ where, select: { groupId: true } });
  await tx.userGroup.deleteMany({ where });
  const found = new Set(existing.map((g) => g.groupId));
  const results = byClientId<ItemResult>();
  for (const groupId of input.organizationUserGroupIds) {
    const id = userGroupRowId(org, groupId);
    results[groupId] = found.has(groupId)
      ? { success: true, id, message: "Organization user group deleted." }
      : { success: false, id, message: GROUP_MISSING };
  }
  return results;
}
