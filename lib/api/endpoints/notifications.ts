import { z } from "zod";
import { itemResults } from "@/lib/domain/batch";
import {
  addNotifications,
  addNotificationsV1Input,
  addNotificationsV2Input,
  NOTIFICATION_ADDED,
} from "@/lib/domain/notifications/add-notifications";
import { deleteNotifications, deleteNotificationsInput } from "@/lib/domain/notifications/delete-notifications";
import {
  getNotificationsV1,
  getNotificationsV1Input,
  getNotificationsV2,
  getNotificationsV2Input,
} from "@/lib/domain/notifications/get-notifications";
import {
  getNotificationConfig,
  getNotificationConfigInput,
  updateNotificationConfig,
  updateNotificationConfigInput,
} from "@/lib/domain/notifications/notification-config";
import {
  updateNotifications,
  updateNotificationsInput,
  updateNotificationsV1Input,
} from "@/lib/domain/notifications/update-notifications";
import {
  getNotificationPreferences,
  getPreferencesInput,
  getPreferencesV1Input,
  setNotificationPreferences,
  setPreferencesInput,
  setPreferencesV1Input,
  USER_CONFIG_SET,
} from "@/lib/domain/notifications/notification-preferences";
import {
  notificationAddedOutput,
  notificationConfigOutput,
  notificationOutput,
  userNotificationConfigSetOutput,
  userNotificationConfigsOutput,
} from "@/lib/domain/notifications/notifications-contract";
import { defineEndpoint } from "../define-endpoint";
import { v1Twin } from "../v1-twin";
import { paged } from "./replies";

const RETRIEVED = "Notification(s) retrieved successfully.";
const ADD_SUMMARY =
  "notifyUsers are recipients at once; with notifyAll (default true) every organization-level user is added by a background job. The same notificationId twice is one notification.";

const getUserConfigV2 = defineEndpoint({
  path: "/v2/notifications/config/get",
  auth: "apiKey",
  summary:
    "Get Notification Config of a user: inbox, email (and slack when set) as they apply, per document (documentIds, at most 30) or the organization-level default (getOrganizationConfig). A document without its own value has the organization default, else ALL.",
  input: getPreferencesInput,
  output: userNotificationConfigsOutput,
  message: "User config fetched successfully.",
  run: (input, ctx) => getNotificationPreferences(ctx.scope, input, ctx.db),
});

const setUserConfigV2 = defineEndpoint({
  path: "/v2/notifications/config/set",
  auth: "apiKey",
  summary:
    "Set Notification Config of users: inbox, email, slack (ALL | MINE | NONE) per document, or the organization-level default when documentIds is left out. Channels left out keep their value. inbox decides who becomes a recipient, email who gets trigger mail; slack is stored only.",
  input: setPreferencesInput,
  output: userNotificationConfigSetOutput,
  message: USER_CONFIG_SET,
  writes: true,
  run: (input, ctx) => setNotificationPreferences(ctx.scope, input, ctx.tx),
});

const updateNotificationsV2 = defineEndpoint({
  path: "/v2/notifications/update",
  auth: "apiKey",
  summary:
    "Update Notifications by id (within the filters): actionUser, headline template and data, body, notificationSourceData; readByUserIds marks them read for those users (persistReadForUsers keeps them in their For You feed). Get Notifications with a userId answers isUnread and forYou.",
  input: updateNotificationsInput,
  output: itemResults,
  message: "Notification(s) updated successfully.",
  writes: true,
  run: (input, ctx) => updateNotifications(ctx.scope, input, ctx.tx),
});

const deleteNotificationsV2 = defineEndpoint({
  path: "/v2/notifications/delete",
  auth: "apiKey",
  summary:
    "Delete Notifications matching the filters (at least one of documentId, locationId, userId, notificationIds). With userId only that user's copy is removed.",
  input: deleteNotificationsInput,
  output: itemResults,
  message: "Notification(s) deleted successfully.",
  writes: true,
  run: (input, ctx) => deleteNotifications(ctx.scope, input, ctx.tx),
});

const addNotificationsV2 = defineEndpoint({
  path: "/v2/notifications/add",
  auth: "apiKey",
  summary: `Add Notifications (v2: verifyUserPermissions, isNotificationResolverUsed, notificationSource, context). ${ADD_SUMMARY}`,
  input: addNotificationsV2Input,
  output: notificationAddedOutput,
  message: NOTIFICATION_ADDED,
  writes: true,
  run: (input, ctx) => addNotifications(ctx.scope, input, ctx.tx),
});

const getNotificationsV2Entry = defineEndpoint({
  path: "/v2/notifications/get",
  auth: "apiKey",
  summary:
    "Get Notifications (v2): the v1 filters, paged (pageSize default 1000, pageToken), sorted by timestamp (order, default desc). Needs advanced queries.",
  input: getNotificationsV2Input,
  message: RETRIEVED,
  run: (input, ctx) => getNotificationsV2(ctx.scope, input, ctx.db),
  ...paged("notifications", "pageToken", z.array(notificationOutput)),
});

export const notificationEndpoints = [
  addNotificationsV2,
  v1Twin(addNotificationsV2, "/v1/notifications/add", {
    summary: `Add Notifications. ${ADD_SUMMARY}`,
    input: addNotificationsV1Input,
  }),
  getNotificationsV2Entry,
  v1Twin(getNotificationsV2Entry, "/v1/notifications/get", {
    summary:
      "Get Notifications (v1, no paging: the newest 1,000). Filters combine; userId selects the notifications that user receives, with their read state.",
    input: getNotificationsV1Input,
    output: z.array(notificationOutput),
    reply: undefined,
    run: (input, ctx) => getNotificationsV1(ctx.scope, input, ctx.db),
  }),
  deleteNotificationsV2,
  v1Twin(deleteNotificationsV2, "/v1/notifications/delete"),
  defineEndpoint({
    path: "/v2/workspace/notificationconfig/get",
    auth: "apiKey",
    summary: "Get Notification Config.",
    input: getNotificationConfigInput,
    output: notificationConfigOutput,
    message: "Notification configuration retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getNotificationConfig(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/notificationconfig/update",
    auth: "apiKey",
    summary: "Update Notification Config: see docs/comments-and-events.md.",
    input: updateNotificationConfigInput,
    output: notificationConfigOutput,
    message: "Notification configuration updated successfully.",
    writes: true,
    run: (input, ctx) => updateNotificationConfig(ctx.scope, input, ctx.tx),
  }),
  getUserConfigV2,
  v1Twin(getUserConfigV2, "/v1/notifications/config/get", { input: getPreferencesV1Input }),
  setUserConfigV2,
  v1Twin(setUserConfigV2, "/v1/notifications/config/set", { input: setPreferencesV1Input }),
  updateNotificationsV2,
  v1Twin(updateNotificationsV2, "/v1/notifications/update", { input: updateNotificationsV1Input }),
];
