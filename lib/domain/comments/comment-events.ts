import type { Tx } from "@/lib/infra/db";
import type { WeftEventType } from "../events/event";
import { emitEvent, type EventDraft } from "../events/events-store";
import { distinctUsers, eventUser, type UserRef } from "../events/user-ref";
import type { ApiKeyScope } from "../scope";
import type { CommentEventData } from "./comment-event-contract";
import { taggedUser, type TaggedUserContact } from "./comment-input";
import { annotationView, commentView, reactionView, type AnnotationRow, type CommentRow } from "./comment-rows";

// Every comment change emits one typed event into the outbox, in the change's transaction. `data` is the
// public payload in the hosted service's webhook style: {actionType, commentAnnotation, comment?,
// reaction?, actionUser, changes?, metadata}, one schema per type in comment-event-contract.ts. The webhook
// event catalog builds its examples with commentEventDraft too, so what it shows is what is sent.

export interface CommentEventInput {
  type: WeftEventType;
  /** The annotation after the change (before it, for a deletion), with its comments. */
  annotation: AnnotationRow;
  /** The comment the event is about. */
  comment?: CommentRow;
  reaction?: { icon: string; user: UserRef; createdAt: Date };
  actor: UserRef | null;
  /** Field name -> {from, to} for status, priority and assignee changes. */
  changes?: Record<string, { from: unknown; to: unknown }>;
}

const tagged = (c: CommentRow | undefined) => ((c?.taggedUserContacts ?? []) as TaggedUserContact[]).map(taggedUser);

export function emitCommentEvent(tx: Tx, scope: ApiKeyScope, e: CommentEventInput) {
  return emitEvent(tx, commentEventDraft(scope, e));
}

/** The event a comment change emits, before it is written. */
export function commentEventDraft(scope: ApiKeyScope, e: CommentEventInput): EventDraft {
  const a = e.annotation;
  const assigned = (a.assignedTo as UserRef | null) ?? null;
  // A new annotation mentions everyone tagged in any of its comments; otherwise the event's comment counts.
  const mentioned = distinctUsers(e.type === "comment_annotation.add" ? a.comments.flatMap(tagged) : tagged(e.comment));
  const participants = distinctUsers<UserRef>([
    a.from as UserRef,
    ...a.comments.map((c) => c.from as UserRef),
    ...(e.comment ? [e.comment.from as UserRef] : []),
    ...a.comments.flatMap(tagged),
    ...tagged(e.comment),
    assigned,
  ]);
  const metadata = { apiKey: scope.apiKeyId, organizationId: a.organizationId, documentId: a.documentId };
  const data: CommentEventData = {
    actionType: e.type,
    commentAnnotation: annotationView(a),
    ...(e.comment && { comment: commentView(e.comment) }),
    ...(e.reaction && {
      reaction: reactionView({
        icon: e.reaction.icon,
        userId: e.reaction.user.userId,
        user: e.reaction.user,
        createdAt: e.reaction.createdAt,
      }),
    }),
    actionUser: e.actor,
    ...(e.changes && { changes: e.changes }),
    metadata,
  } as CommentEventData;
  return {
    apiKeyId: scope.apiKeyId,
    type: e.type,
    organizationId: a.organizationId,
    documentId: a.documentId,
    annotationId: a.annotationId,
    actor: e.actor ? eventUser(e.actor) : null,
    mentioned: mentioned.map(eventUser),
    assigned: assigned ? eventUser(assigned) : null,
    participants: participants.map(eventUser),
    data,
  };
}
