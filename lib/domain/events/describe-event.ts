import type { EventUser, WeftEvent } from "./event";

// Human-readable text for an event: the processed simple-webhook notification and trigger emails use it.

const who = (u: EventUser | null | undefined) => u?.name || u?.email || u?.userId || "Someone";

const ACTIONS: Record<string, (e: WeftEvent) => string> = {
  "comment_annotation.add": () => "started a comment thread",
  "comment.add": () => "commented",
  "comment.update": () => "edited a comment",
  "comment.delete": () => "deleted a comment",
  "comment_annotation.status_change": () => "changed the status of a comment thread",
  "comment_annotation.assign": (e) => `assigned a comment thread to ${who(e.assigned)}`,
  "comment_annotation.priority_change": () => "changed the priority of a comment thread",
  "reaction.add": () => "reacted to a comment",
  "reaction.delete": () => "removed a reaction",
};

/**
 * The comment text the event is about: data.commentText, data.comment.commentText, or for a thread-level
 * event (a new thread, a status change) the thread's first comment.
 */
export function commentText(e: WeftEvent): string {
  const d = e.data as {
    commentText?: unknown;
    comment?: { commentText?: unknown };
    commentAnnotation?: { comments?: { commentText?: unknown }[] };
  };
  const text = d.commentText ?? d.comment?.commentText ?? d.commentAnnotation?.comments?.[0]?.commentText;
  return typeof text === "string" ? text : "";
}

export function describeEvent(e: WeftEvent) {
  const action = ACTIONS[e.type]?.(e) ?? e.type;
  const headline = `${who(e.actor)} ${action} in ${e.documentId}`;
  return { headline, body: commentText(e) };
}

/** The key an event type has in email and simple-webhook `triggers` (reactions are named as comment triggers). */
export function triggerKey(type: string): string {
  return type === "reaction.add"
    ? "comment.reaction_add"
    : type === "reaction.delete"
      ? "comment.reaction_delete"
      : type;
}
