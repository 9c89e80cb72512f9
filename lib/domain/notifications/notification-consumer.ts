import { taggedUser, type TaggedUserContact } from "../comments/comment-input";
import type { EventConsumer, WeftEvent } from "../events/event";
import { distinctUsers, type UserRef } from "../events/user-ref";
import { writeNotification } from "./write-notification";

// Comment events notify the users they concern: users mentioned in a new comment (or in the comments of a
// new annotation), and a new assignee. Nobody is notified of their own action. Notification ids
// derive from the event id, so a redelivered event does not notify twice.

interface MentioningComment {
  commentId: number;
  commentText: string;
  from: UserRef;
  taggedUserContacts?: TaggedUserContact[];
}

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
    // Per comment: its author mentions its tagged users (a new annotation may hold several authors' comments).
    const comments = e.type === "comment.add" ? [e.data.comment as MentioningComment] : ((e.data.commentAnnotation as { comments?: MentioningComment[] }).comments ?? []);
    for (const c of comments) {
      const mentioned = distinctUsers((c.taggedUserContacts ?? []).map(taggedUser)).filter((u) => u.userId !== c.from.userId);
      if (!mentioned.length) continue;
      await writeNotification(tx, org, {
        ...base,
        notificationId: `${e.id}-mention-${c.commentId}`,
        notificationSourceData: { ...base.notificationSourceData, commentId: c.commentId },
        actionUser: c.from,
        headlineTemplate: "{actionUser} mentioned you in a comment",
        headlineTemplateData: { actionUser: c.from },
        bodyMessage: c.commentText,
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
      bodyMessage: ((e.data.commentAnnotation as { comments?: MentioningComment[] }).comments ?? [])[0]?.commentText ?? "",
      headlineTemplateData: { actionUser, recipientUser: e.assigned },
      recipients: [e.assigned],
    });
  }
}

export const notificationConsumer: EventConsumer = { name: "notifications", consume: notify };
