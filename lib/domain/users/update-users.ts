import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, type ItemResults, byClientId, type ItemResult } from "../batch";
import { ACCESS_ROLES, clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { membershipTarget } from "./membership-target";
import { saveProfiles } from "./users-store";
import { userProfile, userRowId, userWithRole } from "./user-fields";

const scopeFields = { organizationId: clientId, documentId: clientId.optional(), folderId: clientId.optional() };

export const updateUsersV1Input = z.strictObject({ ...scopeFields, users: batchOf(userProfile) });
export const updateUsersInput = z.strictObject({ ...scopeFields, users: batchOf(userWithRole) });

export const USER_MISSING = "User does not exist.";

/**
 * Updates the profiles of users who are members of the organization, folder or document named, and (v2)
 * their role there. Anyone else fails with "User does not exist." and nothing is written for them.
 */
export async function updateUsers(
  scope: ApiKeyScope,
  input: z.output<typeof updateUsersInput>,
  tx: Tx,
): Promise<ItemResults> {
  const target = membershipTarget(input);
  const org = orgScope(scope, input.organizationId);
  const userIds = input.users.map((u) => u.userId);
  assertDistinct(userIds, "users", "userId");
  const members = await tx.membership.findMany({
    where: { ...org, ...target, userId: { in: userIds } },
    select: { userId: true },
  });
  const known = new Set(members.map((m) => m.userId));
  const updates = input.users.filter((u) => known.has(u.userId));
  await saveProfiles(tx, org, updates);
  for (const role of ACCESS_ROLES) {
    const ids = updates.filter((u) => u.accessRole === role).map((u) => u.userId);
    if (ids.length)
      await tx.membership.updateMany({ where: { ...org, ...target, userId: { in: ids } }, data: { accessRole: role } });
  }
  const results = byClientId<ItemResult>();
  for (const userId of userIds) {
    const id = userRowId(org, userId);
    results[userId] = known.has(userId)
      ? { success: true, id, message: "User updated." }
      : { success: false, id, message: USER_MISSING };
  }
  return results;
}
