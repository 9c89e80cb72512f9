import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, type ItemResults, byClientId, type ItemResult } from "../batch";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { membershipTarget } from "./membership-target";
import { USER_MISSING } from "./update-users";

export const deleteUsersInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId.optional(),
  folderId: clientId.optional(),
  userIds: batchOf(clientId),
});

/**
 * With documentId or folderId: removes the users from that resource only. Without: the users leave the
 * organization entirely (directory entry and every membership in it).
 */
export async function deleteUsers(
  scope: ApiKeyScope,
  input: z.output<typeof deleteUsersInput>,
  tx: Tx,
): Promise<ItemResults> {
  const target = membershipTarget(input);
  const org = orgScope(scope, input.organizationId);
  assertDistinct(input.userIds, "userIds");
  const where = { ...org, userId: { in: input.userIds } };
  let present: { userId: string }[];
  if (target.resourceType === "organization") {
    present = await tx.organizationUser.findMany({ where, select: { userId: true } });
    await tx.organizationUser.deleteMany({ where });
    // Leaving the organization also ends their notifications.
    await tx.notificationRecipient.deleteMany({ where });
  } else {
    present = await tx.membership.findMany({ where: { ...where, ...target }, select: { userId: true } });
    await tx.membership.deleteMany({ where: { ...where, ...target } });
  }
  const removed = new Set(present.map((p) => p.userId));
  const results = byClientId<ItemResult>();
  for (const userId of input.userIds) {
    results[userId] = removed.has(userId)
      ? { success: true, message: "User removed." }
      : { success: false, message: USER_MISSING };
  }
  return results;
}
