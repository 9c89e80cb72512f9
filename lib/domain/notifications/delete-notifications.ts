import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { MAX_BATCH, type ItemResults, byClientId, type ItemResult } from "../batch";
import { invalid } from "../errors";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { notificationWhere } from "./get-notifications";

export const deleteNotificationsInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId.optional(),
  locationId: clientId.optional(),
  userId: clientId.optional(),
  notificationIds: z.array(clientId).min(1).max(MAX_BATCH).optional(),
});

const DELETED = { success: true, message: "Notification deleted." } as const;
const FAILED = { success: false, message: "Failed to delete notification." } as const;

/**
 * Deletes the notifications the filters match (they combine). With userId only that user's copy goes: the
 * user stops being a recipient, and a notification left without recipients is deleted. Named
 * notificationIds that match nothing are reported as failed. Up to 1,000 notifications per call.
 */
export async function deleteNotifications(
  scope: ApiKeyScope,
  input: z.output<typeof deleteNotificationsInput>,
  tx: Tx,
): Promise<ItemResults> {
  if (
    input.documentId === undefined &&
    input.locationId === undefined &&
    input.userId === undefined &&
    !input.notificationIds
  ) {
    throw invalid("Provide at least one of documentId, locationId, userId or notificationIds.");
  }
  const org = orgScope(scope, input.organizationId);
  const matched = await tx.notification.findMany({
    where: notificationWhere(org, input),
    select: { id: true, notificationId: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: MAX_BATCH,
  });
  const rowIds = matched.map((m) => m.id);
  if (input.userId !== undefined) {
    await tx.notificationRecipient.deleteMany({ where: { notificationRowId: { in: rowIds }, userId: input.userId } });
    await tx.notification.deleteMany({
      where: { id: { in: rowIds }, ...org, notifyAll: false, recipients: { none: {} } },
    });
  } else {
    await tx.notification.deleteMany({ where: { id: { in: rowIds }, ...org } });
  }
  const results = byClientId<ItemResult>();
  for (const id of input.notificationIds ?? []) results[id] = FAILED;
  for (const m of matched) results[m.notificationId] = DELETED;
  return results;
}
