import type { EventConsumer, EventUser, WeftEvent } from "../events/event";
import { writeNotification } from "./write-notification";

// Comment events notify the users they concern: users mentioned in a new comment (or in the comments of a
// new annotation), and a new assignee. The actor is never notified of their own action. Notification ids
// derive from the event id, so a redelivered event does not notify twice.

const others = (users: EventUser[], actor: EventUser | null) => users.filter((u) => u.userId !== actor?.userId);

async function notify(tx: Parameters<EventConsumer["consume"]>[0], e: WeftEvent) {
  const org = { apiKeyId: e.apiKeyId, organizationId: e.organizationId };
  const annotation = e.data.commentAnnotation as { location?: { id?: string } } | undefined;
  const comment = e.data.comment as { commentId?: number; commentText?: string } | undefined;
  const actionUser = e.actor ?? { userId: e.apiKeyId };
  const base = {
    documentId: e.documentId,
    locationId: annotation?.location?.id,
    notificationSource: "comment",
    notificationSourceData: {
      annotationId: e.annotationId,
      ...(comment?.commentId !== undefined && { commentId: comment.commentId }),
      eventType: e.type,
      commentAnnotation: e.data.commentAnnotation,
    },
    actionUser,
    bodyMessage: comment?.commentText ?? "",
    notifyAll: false,
  };
  if (e.type === "comment.add" || e.type === "comment_annotation.add") {
    const mentioned = others(e.mentioned, e.actor);
    if (mentioned.length) {
      await writeNotification(tx, org, {
        ...base,
        notificationId: `${e.id}-mention`,
        headlineTemplate: "{actionUser} mentioned you in a comment",
        headlineTemplateData: { actionUser },
        recipients: mentioned,
      });
    }
  }
  const assignedNow = e.type === "comment_annotation.assign" || (e.type === "comment_annotation.add" && e.assigned);
  if (assignedNow && e.assigned && e.assigned.userId !== e.actor?.userId) {
    await writeNotification(tx, org, {
      ...base,
      notificationId: `${e.id}-assign`,
      headlineTemplate: "{actionUser} assigned you a comment",
      headlineTemplateData: { actionUser, recipientUser: e.assigned },
      recipients: [e.assigned],
    });
  }
}

export const notificationConsumer: EventConsumer = { name: "notifications", consume: notify };
