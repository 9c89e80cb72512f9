import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { asJson, jsonObject } from "../json-fields";
import { assertDistinct, batchOf, byClientId, type ItemResult, type ItemResults } from "../batch";
import { invalid } from "../errors";
import { clientId } from "../fields";
import { userRef } from "../events/user-ref";
import { orgScope, type OrgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { templateData } from "./add-notifications";
import { notificationWhere } from "./get-notifications";
import { markNotificationsRead } from "./notifications-store";
import { permittedUserIds } from "./write-notification";

// Update Notifications: change a notification's content (actionUser, headline template and its data, body,
// notificationSourceData) and mark it read for users (readByUserIds, with persistReadForUsers: the read
// notification stays in their "For You" feed). Read marks are rows of NotificationRead: Get Notifications
// with a userId answers isUnread and forYou from them. Filters narrow which notifications the ids may name.

const change = z.strictObject({
  id: clientId,
  actionUser: userRef.optional(),
  displayHeadlineMessageTemplate: z.string().min(1).max(10_000).optional(),
  displayHeadlineMessageTemplateData: templateData.optional(),
  displayBodyMessage: z.string().max(10_000).optional(),
  notificationSourceData: jsonObject.optional(),
  readByUserIds: z.array(clientId).min(1).max(1000).optional(),
  persistReadForUsers: z.boolean().optional(),
});

const filters = {
  organizationId: clientId,
  documentId: clientId.optional(),
  locationId: clientId.optional(),
  userId: clientId.optional(),
  notifications: batchOf(change),
};

export const updateNotificationsV1Input = z.strictObject(filters);
export const updateNotificationsInput = z.strictObject({
  ...filters,
  verifyUserPermissions: z
    .boolean()
    .optional()
    .describe(
      "Only users with access to the notification's document (a live organization or document membership) are marked read.",
    ),
});

const UPDATED = { success: true, message: "Notification updated." } as const;
const FAILED = { success: false, message: "Failed to update notification." } as const;

export async function updateNotifications(
  scope: ApiKeyScope,
  input: z.output<typeof updateNotificationsInput>,
  tx: Tx,
): Promise<ItemResults> {
  const ids = input.notifications.map((n) => n.id);
  assertDistinct(ids, "notifications", "id");
  input.notifications.forEach((n, i) => {
    if (n.persistReadForUsers !== undefined && !n.readByUserIds)
      throw invalid(`notifications[${i}].persistReadForUsers needs readByUserIds.`);
  });
  const org = orgScope(scope, input.organizationId);
  const found = await tx.notification.findMany({
    where: { ...notificationWhere(org, input), notificationId: { in: ids } },
    select: { id: true, notificationId: true, documentId: true },
  });
  const byId = new Map(found.map((n) => [n.notificationId, n]));
  const results = byClientId<ItemResult>();
  for (const n of input.notifications) {
    const row = byId.get(n.id);
    if (!row) {
      results[n.id] = FAILED;
      continue;
    }
    await tx.notification.updateMany({
      where: { id: row.id, ...org },
      data: {
        ...(n.actionUser && { actionUserId: n.actionUser.userId, actionUser: asJson(n.actionUser) }),
        ...(n.displayHeadlineMessageTemplate !== undefined && { headlineTemplate: n.displayHeadlineMessageTemplate }),
        ...(n.displayHeadlineMessageTemplateData && {
          headlineTemplateData: asJson(n.displayHeadlineMessageTemplateData),
        }),
        ...(n.displayBodyMessage !== undefined && { bodyMessage: n.displayBodyMessage }),
        ...(n.notificationSourceData && { notificationSourceData: asJson(n.notificationSourceData) }),
      },
    });
    if (n.readByUserIds) {
      const readers = await readersOf(tx, org, row.documentId, n.readByUserIds, input.verifyUserPermissions);
      await markNotificationsRead(tx, org, row.id, readers, n.persistReadForUsers ?? false);
    }
    results[n.id] = UPDATED;
  }
  return results;
}

async function readersOf(tx: Tx, org: OrgScope, documentId: string, userIds: string[], verify?: boolean) {
  const distinct = [...new Set(userIds)];
  if (!verify) return distinct;
  const allowed = await permittedUserIds(tx, org, documentId, distinct);
  return distinct.filter((u) => allowed.has(u));
}
