import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { MAX_BATCH } from "../batch";
import { ensureDocument } from "../documents/documents-store";
import { invalid } from "../errors";
import { clientId } from "../fields";
import { distinctUsers, userRef } from "../events/user-ref";
import { jsonObject } from "../json-fields";
import { ensureOrganization, orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { requireNotifications } from "./notification-config";
import { writeNotification } from "./write-notification";

export const NOTIFICATION_ADDED = "Notification added successfully.";

const notificationId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, { error: "notificationId may contain only letters, digits, _ and -." });

/** Placeholder values: custom strings, or User objects (actionUser, recipientUser). */
export const templateData = z.record(
  z.string().max(200),
  z.union([z.string().max(10_000), z.number(), z.boolean(), userRef]),
);

const common = {
  organizationId: clientId,
  documentId: clientId,
  actionUser: userRef,
  notificationId: notificationId.optional(),
  displayHeadlineMessageTemplate: z.string().min(1).max(10_000),
  displayHeadlineMessageTemplateData: templateData.optional(),
  displayBodyMessage: z.string().max(10_000),
  notifyUsers: z.array(userRef).max(MAX_BATCH),
  notifyAll: z.boolean().default(true),
  notificationSourceData: jsonObject.optional(),
  createDocument: z.boolean().optional(),
  createOrganization: z.boolean().optional(),
};

export const addNotificationsV1Input = z.strictObject(common);

export const addNotificationsV2Input = z.strictObject({
  ...common,
  displayHeadlineMessageTemplate: common.displayHeadlineMessageTemplate.optional(),
  displayBodyMessage: common.displayBodyMessage.optional(),
  verifyUserPermissions: z.boolean().optional(),
  isNotificationResolverUsed: z.boolean().optional(),
  notificationSource: z.string().min(1).max(100).optional(),
  context: z
    .strictObject({ access: z.record(z.string().max(200), z.union([z.string().max(1000), z.number()])) })
    .optional(),
});

/** v1's input is v2's without the v2-only fields, so one service serves both. */
type AddInput = z.output<typeof addNotificationsV2Input>;

/**
 * Add Notifications (v1 and v2). The named notifyUsers are stored as recipients now; with notifyAll
 * (default) every organization user is added by a background job. Templates are stored with their
 * {variables} as sent. The same notificationId twice is one notification.
 */
export async function addNotifications(scope: ApiKeyScope, input: AddInput, tx: Tx) {
  await requireNotifications(tx, scope);
  const resolver = input.isNotificationResolverUsed ?? false;
  if (!resolver) {
    if (input.displayHeadlineMessageTemplate === undefined)
      throw invalid("displayHeadlineMessageTemplate is required.");
    if (input.displayBodyMessage === undefined) throw invalid("displayBodyMessage is required.");
  }
  const org = orgScope(scope, input.organizationId);
  await ensureOrganization(tx, org, input.createOrganization ?? false);
  await ensureDocument(tx, org, input.documentId, input.createDocument ?? false);
  await writeNotification(tx, org, {
    documentId: input.documentId,
    notificationId: input.notificationId ?? newId("ntf"),
    notificationSource: input.notificationSource ?? "custom",
    notificationSourceData: input.notificationSourceData,
    actionUser: input.actionUser,
    headlineTemplate: input.displayHeadlineMessageTemplate,
    headlineTemplateData: input.displayHeadlineMessageTemplateData,
    bodyMessage: input.displayBodyMessage,
    recipients: distinctUsers(input.notifyUsers),
    notifyAll: input.notifyAll,
    verifyUserPermissions: input.verifyUserPermissions,
    isResolverUsed: resolver,
    context: input.context,
  });
  return { success: true as const, message: NOTIFICATION_ADDED };
}
