import type { WeftEventType } from "../events/event";
import type { UserRef } from "../events/user-ref";
import type { CommentEventInput } from "./comment-events";
import type { AnnotationRow, CommentRow } from "./comment-rows";

// A sample comment change of each event type: the inputs the webhook event catalog hands to commentEventDraft,
// the same function every real comment change goes through, to build each type's example payload. Only the
// facts are made up here (people, text, times); the payload's shape comes from the builder.

const at = new Date("2026-01-15T10:30:00.000Z");
const later = new Date("2026-01-15T10:42:00.000Z");
const ada: UserRef = { userId: "user-ada", name: "Ada Lovelace", email: "ada@example.com" };
const grace: UserRef = { userId: "user-grace", name: "Grace Hopper", email: "grace@example.com" };

const comment = (commentId: number, from: UserRef, text: string, extra: Partial<CommentRow> = {}): CommentRow => ({
  annotationId: "annotation-1",
  commentId,
  commentText: text,
  commentHtml: `<p>${text}</p>`,
  from,
  taggedUserContacts: null,
  context: null,
  isEdited: false,
  createdAt: at,
  updatedAt: at,
  reactions: [],
  ...extra,
});

const first = comment(482913, ada, "Can we make the headline shorter? @Grace Hopper", {
  taggedUserContacts: [
    { text: "@Grace Hopper", userId: grace.userId, contact: { name: grace.name, email: grace.email } },
  ],
});
const reply = comment(730215, grace, "Done, it fits on one line now.", { createdAt: later, updatedAt: later });

const reacted: CommentRow = {
  ...reply,
  reactions: [{ icon: "thumbsup", userId: ada.userId, user: ada, createdAt: later }],
};

const thread = (comments: CommentRow[], extra: Partial<AnnotationRow> = {}): AnnotationRow => ({
  id: "can_example",
  apiKeyId: "key_example",
  organizationId: "org-acme",
  documentId: "doc-launch-plan",
  annotationId: "annotation-1",
  location: null,
  targetElement: null,
  status: { id: "open", name: "Open", type: "default" },
  priority: null,
  assignedTo: null,
  context: null,
  from: ada,
  createdAt: at,
  updatedAt: later,
  comments,
  ...extra,
});

const resolved = { id: "resolved", name: "Resolved", type: "terminal" };
const high = { id: "P1", name: "High" };

export const commentEventExamples: Record<WeftEventType, CommentEventInput> = {
  "comment_annotation.add": { type: "comment_annotation.add", annotation: thread([first]), comment: first, actor: ada },
  "comment.add": { type: "comment.add", annotation: thread([first, reply]), comment: reply, actor: grace },
  "comment.update": {
    type: "comment.update",
    annotation: thread([first, { ...reply, isEdited: true }]),
    comment: { ...reply, isEdited: true, commentText: "Done: it fits on one line now." },
    actor: grace,
  },
  "comment.delete": { type: "comment.delete", annotation: thread([first]), comment: reply, actor: grace },
  "comment_annotation.status_change": {
    type: "comment_annotation.status_change",
    annotation: thread([first, reply], { status: resolved }),
    actor: ada,
    changes: { status: { from: { id: "open", name: "Open", type: "default" }, to: resolved } },
  },
  "comment_annotation.assign": {
    type: "comment_annotation.assign",
    annotation: thread([first, reply], { assignedTo: grace }),
    actor: ada,
    changes: { assignedTo: { from: null, to: grace } },
  },
  "comment_annotation.priority_change": {
    type: "comment_annotation.priority_change",
    annotation: thread([first, reply], { priority: high }),
    actor: ada,
    changes: { priority: { from: null, to: high } },
  },
  "reaction.add": {
    type: "reaction.add",
    annotation: thread([first, reacted]),
    comment: reacted,
    reaction: { icon: "thumbsup", user: ada, createdAt: later },
    actor: ada,
  },
  "reaction.delete": {
    type: "reaction.delete",
    annotation: thread([first, reply]),
    comment: reply,
    reaction: { icon: "thumbsup", user: ada, createdAt: later },
    actor: ada,
  },
};
