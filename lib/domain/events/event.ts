import { z } from "zod";
import type { Tx } from "@/lib/infra/db";

// The contract between what emits events (comments, reactions) and what consumes them (activity log,
// notifications, email triggers, webhooks). An event is written in the same transaction as the change
// (DomainEvent) and handed to every consumer later by the dispatcher.

export const weftEventTypes = [
  "comment_annotation.add",
  "comment.add",
  "comment.update",
  "comment.delete",
  "comment_annotation.status_change",
  "comment_annotation.assign",
  "comment_annotation.priority_change",
  "reaction.add",
  "reaction.delete",
] as const;

export type WeftEventType = (typeof weftEventTypes)[number];

export interface EventUser {
  userId: string;
  name?: string;
  email?: string;
}

export interface WeftEvent {
  /** Unique and stable across redeliveries: consumers use it to dedupe. */
  id: string;
  /** The tenant: the internal id of the API key the change was made with. */
  apiKeyId: string;
  type: WeftEventType;
  /** Epoch milliseconds of the change. */
  timestamp: number;
  /** Client ids, as the API caller sent them. */
  organizationId: string;
  documentId: string;
  annotationId: string;
  /** The user whose action caused the event. */
  actor: EventUser | null;
  /** Users tagged in the comment this event is about (taggedUserContacts). */
  mentioned: EventUser[];
  /** The annotation's assignee after the change. */
  assigned: EventUser | null;
  /** Everyone involved in the annotation: comment authors, mentions and the assignee, deduplicated. */
  participants: EventUser[];
  /** The public payload: the webhook `data` and the raw simple-webhook body's `data`. */
  data: Record<string, unknown>;
}

/** A user as an event carries it. */
export const storedEventUser = z.object({
  userId: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
});

/** An event as stored (DomainEvent.event) or carried in a job's payload. */
export const storedEvent = z.object({
  id: z.string(),
  apiKeyId: z.string(),
  type: z.enum(weftEventTypes),
  timestamp: z.number(),
  organizationId: z.string(),
  documentId: z.string(),
  annotationId: z.string(),
  actor: storedEventUser.nullable(),
  mentioned: z.array(storedEventUser),
  assigned: storedEventUser.nullable(),
  participants: z.array(storedEventUser),
  data: z.record(z.string(), z.unknown()),
});

/**
 * A consumer turns one event into its own records and jobs. It runs inside the dispatcher's transaction,
 * which also marks the event as handed over, so it must only write rows or enqueue jobs (no network I/O):
 * then each event reaches each consumer exactly once in effect, in order per document.
 */
export interface EventConsumer {
  name: string;
  consume(tx: Tx, event: WeftEvent): Promise<void>;
}
