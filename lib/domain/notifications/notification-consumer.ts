import { taggedUser, type TaggedUserContact } from "../comments/comment-input";
import { commentText } from "../events/describe-event";
import type { EventConsumer, WeftEvent } from "../events/event";
import { distinctUsers, type UserRef } from "../events/user-ref";
import { readServiceConfig } from "../api-keys/service-config";
import { notificationTriggerOn } from "./notification-config";
import { writeNotification } from "./write-notification";

// Comment events notify the users they concern: users mentioned in a new comment (or in the comments of a
// new annotation), and a new assignee, unless the key turned notifications or the event type's trigger off
// (Update Notification Config). Nobody is notified of their own action. Notification ids derive from the
// event id, so a redelivered event does not notify twice.

interface MentioningComment {
  commentId: number;
  commentText: string;
  from: UserRef;
  taggedUserContacts?: TaggedUserContact[];
}

interface Mention {
  from: UserRef;
  commentId?: number;
  commentText: string;
  mentioned: UserRef[];
}

/**
 * Per comment, its author mentions its tagged users (a new annotation may hold several authors' comments).
 * An event without comment data (emitted by something other than the comment services) falls back to the
 * event's own actor and mentioned users.
 */
function mentionsOf(e: WeftEvent): Mention[] {
  const comments =
    e.type === "comment.add"
      ? [e.data.comment as MentioningComment | undefined].filter((c) => c !== undefined)
      : ((e.data.commentAnnotation as { comments?: MentioningComment[] } | undefined)?.comments ?? []);
  if (!comments.length) {
    if (!e.actor || !e.mentioned.length) return [];
    const mentioned = e.mentioned.filter((u) => u.userId !== e.actor!.userId);
    return mentioned.length ? [{ from: e.actor, commentText: commentText(e), mentioned }] : [];
  }
  return comments
    .map((c) => ({
      from: c.from,
      commentId: c.commentId,
      commentText: c.commentText,
      mentioned: distinctUsers((c.taggedUserContacts ?? []).map(taggedUser)).filter((u) => u.userId !== c.from.userId),
    }))
    .filter((m) => m.mentioned.length > 0);
}

async function notify(tx: Parameters<EventConsumer["consume"]>[0], e: WeftEvent) {
  if (!notificationTriggerOn(await readServiceConfig(tx, e.apiKeyId), e.type)) return;
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
    for (const m of mentionsOf(e)) {
      await writeNotification(tx, org, {
        ...base,
        notificationId: `${e.id}-mention-${m.commentId ?? "event"}`,
        notificationSourceData: {
          ...base.notificationSourceData,
          ...(m.commentId !== undefined && { commentId: m.commentId }),
        },
        actionUser: m.from,
        headlineTemplate: "{actionUser} mentioned you in a comment",
        headlineTemplateData: { actionUser: m.from },
        bodyMessage: m.commentText,
        recipients: m.mentioned,
      });
    }
  }
  const assignedNow = e.type === "comment_annotation.assign" || (e.type === "comment_annotation.add" && e.assigned);
  if (assignedNow && e.assigned && e.assigned.userId !== e.actor?.userId) {
    await writeNotification(tx, org, {
      ...base,
      notificationId: `${e.id}-assign`,
      headlineTemplate: "{actionUser} assigned you a comment",
      bodyMessage: commentText(e),
      headlineTemplateData: { actionUser, recipientUser: e.assigned },
      recipients: [e.assigned],
    });
  }
}

export const notificationConsumer: EventConsumer = { name: "notifications", consume: notify };
