import { randomUUID } from "node:crypto";
import type { EventUser, WeftEvent, WeftEventType } from "@/lib/domain/events/event";
import { eventConsumers } from "@/lib/domain/events/consumers";
import { transaction } from "@/lib/infra/db";

// Emits one event for a workspace's API key the way the event dispatcher does: every consumer, in order,
// in one transaction. (Once comments exist, tests can add a comment over REST instead.)

export interface EmitOptions {
  type?: WeftEventType;
  id?: string;
  organizationId?: string;
  documentId?: string;
  annotationId?: string;
  actor?: EventUser | null;
  mentioned?: EventUser[];
  assigned?: EventUser | null;
  participants?: EventUser[];
  data?: Record<string, unknown>;
}

export async function emitEvent(apiKey: string, opts: EmitOptions = {}): Promise<WeftEvent> {
  const actor =
    opts.actor === undefined ? { userId: "author", name: "Ada Author", email: "ada@example.com" } : opts.actor;
  const event: WeftEvent = {
    id: opts.id ?? `evt_${randomUUID()}`,
    apiKeyId: apiKey,
    type: opts.type ?? "comment.add",
    timestamp: Date.now(),
    organizationId: opts.organizationId ?? "org-1",
    documentId: opts.documentId ?? "doc-1",
    annotationId: opts.annotationId ?? "ann-1",
    actor,
    mentioned: opts.mentioned ?? [],
    assigned: opts.assigned ?? null,
    participants: opts.participants ?? (actor ? [actor] : []),
    data: opts.data ?? { commentText: "Looks good to me" },
  };
  await transaction(async (tx) => {
    for (const consumer of eventConsumers) await consumer.consume(tx, event);
  });
  return event;
}
