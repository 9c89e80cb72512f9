import { z } from "zod";
import { clientIdRecord } from "../batch";

// A notification as Get Notifications and Get All User Data answer it.

const user = z.object({ userId: z.string(), name: z.string().optional(), email: z.string().optional() }).loose();

export const notificationOutput = z
  .object({
    id: z.string(),
    notificationSource: z.string(),
    notificationSourceData: z.record(z.string(), z.unknown()),
    actionUser: user,
    displayHeadlineMessageTemplate: z.string().optional().describe("As sent, with its {variables}."),
    displayHeadlineMessageTemplateData: z.record(z.string(), z.unknown()),
    displayBodyMessage: z.string().optional(),
    metadata: z.object({
      apiKey: z.string(),
      documentId: z.string(),
      organizationId: z.string(),
      locationId: z.string().optional(),
    }),
    notifyUsers: clientIdRecord(z.literal(true), {
      description: "Recipients keyed by email (userId when no email is known).",
    }),
    notifyUsersByUserId: clientIdRecord(z.literal(true)),
    timestamp: z.number().describe("Epoch milliseconds."),
    isUnread: z
      .boolean()
      .optional()
      .describe("With a userId filter: that user has not read it (Update Notifications' readByUserIds)."),
    forYou: z
      .boolean()
      .optional()
      .describe("With a userId filter: unread, or read and kept in the user's For You feed (persistReadForUsers)."),
  })
  .meta({ id: "Notification" });

export type NotificationView = z.infer<typeof notificationOutput>;

/** Add Notifications' `data`. */
export const notificationAddedOutput = z.object({ success: z.literal(true), message: z.string() });

const batchConfig = z.object({
  isEnabled: z.boolean().optional(),
  batchWindowSeconds: z.number().optional(),
  maxActivities: z.number().optional(),
});

/** Get Notification Config (everything, defaults filled in) and Update's echo of what was sent. */
export const notificationConfigOutput = z
  .object({
    useNotificationService: z.boolean(),
    notificationServiceConfig: z
      .object({
        triggers: z.record(z.string(), z.record(z.string(), z.boolean())).optional(),
        delayConfig: z.object({ isEnabled: z.boolean().optional(), delaySeconds: z.number().optional() }).optional(),
        batchConfig: z.object({ document: batchConfig.optional(), user: batchConfig.optional() }).optional(),
      })
      .optional(),
  })
  .meta({ id: "NotificationConfig" });

const preference = z.enum(["ALL", "MINE", "NONE"]);

/** Get Notification Config (per user): what applies per channel, per document asked or at organization level. */
export const userNotificationConfigsOutput = z.array(
  z
    .object({
      config: z.object({
        inbox: preference,
        email: preference,
        slack: preference.optional().describe("Only when set: weft stores it and delivers nothing to Slack."),
      }),
      metadata: z.object({
        organizationId: z.string(),
        apiKey: z.string(),
        documentId: z.string().optional().describe("Absent for the organization-level default."),
        userId: z.string(),
      }),
    })
    .meta({ id: "UserNotificationConfig" }),
);

/** Set Notification Config (per user): keyed by userId. */
export const userNotificationConfigSetOutput = clientIdRecord(
  z.object({
    success: z.literal(true),
    userId: z.string(),
    documentId: z.string().optional().describe("The document, when the call named exactly one."),
    documentIds: z.array(z.string()).optional().describe("The documents, when the call named several."),
    message: z.string(),
  }),
);
