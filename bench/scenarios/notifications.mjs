// Get Notifications for one recipient: NOTIFICATIONS notifications added through Add Notifications (v1), each
// naming the reader and a second user as recipients, in one document of their own organization; the target
// reads the reader's newest page of 100 (`/v2/notifications/get` with userId, the inbox read).
import { postOk } from "../lib/http.mjs";

export const NOTIFICATIONS_ORG = "bench-notifications";
export const NOTIFICATION_READER = "bench-reader";
const CONCURRENCY = 8;

export async function seedNotifications(base, keyHeaders, total) {
  await postOk(
    base,
    "/v2/users/add",
    {
      organizationId: NOTIFICATIONS_ORG,
      createOrganization: true,
      users: [
        { userId: NOTIFICATION_READER, name: "Bench Reader", email: "reader@example.com" },
        { userId: "bench-writer", name: "Bench Writer", email: "writer@example.com" },
      ],
    },
    keyHeaders,
  );
  let next = 0;
  const one = (i) =>
    postOk(
      base,
      "/v1/notifications/add",
      {
        organizationId: NOTIFICATIONS_ORG,
        documentId: "bench-notifications-document",
        createDocument: true,
        notificationId: `bench-ntf-${i}`,
        actionUser: { userId: "bench-writer", name: "Bench Writer" },
        displayHeadlineMessageTemplate: "{actionUser} commented",
        displayHeadlineMessageTemplateData: { actionUser: { userId: "bench-writer", name: "Bench Writer" } },
        displayBodyMessage: `Bench notification ${i}`,
        notifyUsers: [
          { userId: NOTIFICATION_READER, email: "reader@example.com" },
          { userId: "bench-other", email: "other@example.com" },
        ],
        notifyAll: false,
      },
      keyHeaders,
    );
  await one(next++); // creates the document before the parallel calls
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) await one(next++);
    }),
  );
  return { notifications: total };
}
