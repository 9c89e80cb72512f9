import { Prisma } from "@/lib/generated/prisma/client";
import type { Db, Reader, Tx } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { newId } from "@/lib/infra/ids";
import { msUntilEarliest, UTC_NOW } from "@/lib/infra/jobs/lease-queue";
import { publish } from "@/lib/infra/notify-bus";
import { storableError } from "@/lib/infra/storable-text";
import { asJson } from "../json-fields";
import type { OrgScope } from "../organizations/organization-scope";
import type { WeftEvent } from "./event";

// The events area's data access. The writing side of the event bus: an event is a DomainEvent row written in the transaction of the change it
// describes, so it exists exactly when the change commits. Each document's events are numbered 1, 2, 3 ...
// under the lock of the document's EventStream row, which makes sequence order the commit order. The reading
// side is the dispatcher's queue (lib/server/workers/event-dispatcher.ts): an event is ready when every
// earlier event of its document is dispatched.

/** Notify-bus channel the writing transaction publishes on, so the dispatcher wakes at commit. */
export const EVENTS_CHANNEL = "weft_events";

export type EventDraft = Omit<WeftEvent, "id" | "timestamp"> & { id?: string; timestamp?: number };

/** Writes the event row in the caller's transaction; returns it as the consumers will see it. */
export async function emitEvent(tx: Tx, draft: EventDraft): Promise<WeftEvent> {
  const event: WeftEvent = { ...draft, id: draft.id ?? newId("evt"), timestamp: draft.timestamp ?? Date.now() };
  const [{ lastSeq }] = await tx.$queryRaw<{ lastSeq: number }[]>`
    INSERT INTO "EventStream" ("apiKeyId", "organizationId", "documentId", "lastSeq")
    VALUES (${event.apiKeyId}, ${event.organizationId}, ${event.documentId}, 1)
    ON CONFLICT ("apiKeyId", "organizationId", "documentId") DO UPDATE SET "lastSeq" = "EventStream"."lastSeq" + 1
    RETURNING "lastSeq"`;
  await tx.domainEvent.create({
    data: {
      id: event.id,
      apiKeyId: event.apiKeyId,
      organizationId: event.organizationId,
      documentId: event.documentId,
      seq: lastSeq,
      type: event.type,
      event: asJson(event)!,
      createdAt: new Date(event.timestamp),
    },
  });
  await publish(EVENTS_CHANNEL, "", tx);
  return event;
}

/** Migrate Documents: the stream and its events (also those not yet handed over) follow the document. */
export async function moveEvents(tx: Tx, org: OrgScope, from: string, to: string) {
  // A stream under the new id can only be left from a document that no longer exists.
  await removeEvents(tx, org, [to]);
  await tx.eventStream.updateMany({ where: { ...org, documentId: from }, data: { documentId: to } });
  await tx.$executeRaw`
    UPDATE "DomainEvent" SET "documentId" = ${to}, "event" = jsonb_set("event", '{documentId}', to_jsonb(${to}::text))
    WHERE "apiKeyId" = ${org.apiKeyId} AND "organizationId" = ${org.organizationId} AND "documentId" = ${from}`;
}

/** Delete Documents: the document's events go too, so nothing is recreated from them afterwards. */
export async function removeEvents(tx: Tx, org: OrgScope, documentIds: string[]) {
  await tx.domainEvent.deleteMany({ where: { ...org, documentId: { in: documentIds } } });
  await tx.eventStream.deleteMany({ where: { ...org, documentId: { in: documentIds } } });
}

/** No earlier event of the same document waits: `e` is next in its document's order. */
const FIRST_OF_ITS_DOCUMENT = Prisma.sql`NOT EXISTS (
  SELECT 1 FROM "DomainEvent" p
  WHERE p."apiKeyId" = e."apiKeyId" AND p."organizationId" = e."organizationId" AND p."documentId" = e."documentId"
    AND p."seq" < e."seq" AND p."dispatchedAt" IS NULL)`;

export interface ClaimedEvent {
  id: string;
  event: WeftEvent;
}

/** Locks the oldest ready event for `tx` (FOR UPDATE SKIP LOCKED), or finds none. */
export async function claimNextEvent(tx: Tx): Promise<ClaimedEvent | undefined> {
  const rows = await tx.$queryRaw<ClaimedEvent[]>`
    SELECT e."id", e."event" FROM "DomainEvent" e
    WHERE e."dispatchedAt" IS NULL AND e."availableAt" <= ${UTC_NOW} AND ${FIRST_OF_ITS_DOCUMENT}
    ORDER BY e."createdAt", e."seq"
    LIMIT 1
    FOR UPDATE OF e SKIP LOCKED`;
  return rows[0];
}

/** Marks the claimed event handed over; false if another dispatch did so first. */
export async function markDispatched(tx: Tx, id: string): Promise<boolean> {
  const marked = await tx.domainEvent.updateMany({
    where: { id, dispatchedAt: null },
    data: { dispatchedAt: new Date(), attempts: { increment: 1 } },
  });
  return marked.count === 1;
}

/** A consumer failed: the event's attempt is counted and it waits `delayMs(attempts)` before the next. */
export async function recordDispatchFailure(
  client: Db,
  id: string,
  error: unknown,
  delayMs: (attempts: number) => number,
): Promise<{ attempts: number; delayMs: number }> {
  const row = await client.domainEvent.findUnique({ where: { id }, select: { attempts: true } });
  const attempts = (row?.attempts ?? 0) + 1;
  const delay = delayMs(attempts);
  await client.domainEvent.updateMany({
    where: { id, dispatchedAt: null },
    data: {
      attempts,
      lastError: storableError(error),
      availableAt: new Date(Date.now() + delay),
    },
  });
  return { attempts, delayMs: delay };
}

/** How long until the earliest event that waits for no earlier event of its document falls due. */
export function msUntilNextEvent(client: Reader): Promise<number | undefined> {
  return msUntilEarliest(
    client,
    Prisma.sql`SELECT min(e."availableAt") AS t FROM "DomainEvent" e WHERE e."dispatchedAt" IS NULL AND ${FIRST_OF_ITS_DOCUMENT}`,
  );
}

/**
 * Deletes events dispatched more than WEFT_EVENT_RETENTION_HOURS ago, at most `limit` per call (the
 * dispatcher loop calls it about once an hour); returns how many went.
 */
export async function pruneDispatchedEvents(client: Db, limit = 10_000): Promise<number> {
  const cutoff = new Date(Date.now() - env().WEFT_EVENT_RETENTION_HOURS * 3600_000);
  return client.$executeRaw`
    DELETE FROM "DomainEvent" WHERE "id" IN (
      SELECT "id" FROM "DomainEvent" WHERE "dispatchedAt" < ${cutoff} ORDER BY "dispatchedAt" LIMIT ${limit})`;
}
