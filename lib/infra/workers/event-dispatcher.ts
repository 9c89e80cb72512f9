import { eventConsumers } from "@/lib/domain/events/consumers";
import type { EventConsumer, WeftEvent } from "@/lib/domain/events/event";
import { db, transaction } from "../db";
import { env } from "../env";
import { defineWorkerLoop } from "../jobs";
import { errorFields, log } from "../log";
import { retryDelayMs } from "../retry-policies";
import { storableError } from "../storable-text";
import { EVENTS_CHANNEL } from "./channels";
import { startWakeLoop, type TickResult, type WakeLoop } from "./wake-loop";

// The dispatcher: hands each domain event to every consumer, in sequence order per document. One event per
// transaction: claim it (FOR UPDATE SKIP LOCKED, only when every earlier event of its document is done),
// run the consumers, mark it dispatched, commit. A process that dies mid-way leaves the event undispatched
// and its lock released, so the next sweep (here or in another process) takes it again: at-least-once with
// effects exactly once, since the consumers' writes and the mark commit together. Several processes on one
// database never dispatch an event twice: the row lock and the `dispatchedAt IS NULL` recheck exclude it.
// A consumer failure rolls everything back and the event is retried (retry policy `events.dispatch`); later
// events of the same document wait for it. The loop wakes on `weft_events`, NOTIFYed by the transaction that
// wrote the event, and when a retry falls due.

interface Claimed {
  id: string;
  event: WeftEvent;
}

/** Dispatches the next ready event; false when none is ready. */
export async function dispatchNext(consumers: readonly EventConsumer[] = eventConsumers): Promise<boolean> {
  let claimedId: string | undefined;
  try {
    return await transaction(async (tx) => {
      const rows = await tx.$queryRaw<Claimed[]>`
        SELECT e."id", e."event" FROM "DomainEvent" e
        WHERE e."dispatchedAt" IS NULL AND e."availableAt" <= now()
          AND NOT EXISTS (
            SELECT 1 FROM "DomainEvent" p
            WHERE p."apiKeyId" = e."apiKeyId" AND p."organizationId" = e."organizationId" AND p."documentId" = e."documentId"
              AND p."seq" < e."seq" AND p."dispatchedAt" IS NULL)
        ORDER BY e."createdAt", e."seq"
        LIMIT 1
        FOR UPDATE OF e SKIP LOCKED`;
      const claimed = rows[0];
      if (!claimed) return false;
      claimedId = claimed.id;
      for (const consumer of consumers) await consumer.consume(tx, claimed.event);
      const marked = await tx.domainEvent.updateMany({
        where: { id: claimed.id, dispatchedAt: null },
        data: { dispatchedAt: new Date(), attempts: { increment: 1 } },
      });
      if (marked.count !== 1) throw new Error(`event ${claimed.id} was dispatched concurrently`);
      return true;
    });
  } catch (e) {
    if (!claimedId) throw e;
    await recordFailure(claimedId, e);
    return true;
  }
}

async function recordFailure(id: string, e: unknown) {
  const row = await db().domainEvent.findUnique({ where: { id }, select: { attempts: true } });
  const attempts = (row?.attempts ?? 0) + 1;
  const delayMs = retryDelayMs("events.dispatch", attempts) ?? 60_000;
  log.warn("event consumer failed; the event is retried", { eventId: id, attempts, delayMs, ...errorFields(e) });
  await db().domainEvent.updateMany({
    where: { id, dispatchedAt: null },
    data: {
      attempts,
      lastError: storableError(e),
      availableAt: new Date(Date.now() + delayMs),
    },
  });
}

/**
 * Deletes events dispatched more than WEFT_EVENT_RETENTION_HOURS ago, at most `limit` per call (the
 * dispatcher loop calls it about once an hour); returns how many went.
 */
export async function pruneDispatchedEvents(limit = 10_000): Promise<number> {
  const cutoff = new Date(Date.now() - env().WEFT_EVENT_RETENTION_HOURS * 3600_000);
  return db().$executeRaw`
    DELETE FROM "DomainEvent" WHERE "id" IN (
      SELECT "id" FROM "DomainEvent" WHERE "dispatchedAt" < ${cutoff} ORDER BY "dispatchedAt" LIMIT ${limit})`;
}

const PRUNE_EVERY_MS = 3600_000;

/** Dispatches until no event is ready (tests, benchmarks); returns how many were handed over or retried. */
export async function drainEvents(max = 10_000): Promise<number> {
  let n = 0;
  while (n < max && (await dispatchNext())) n++;
  return n;
}

export interface DispatcherHandle {
  stop(): Promise<void>;
}

const holder = globalThis as unknown as { __weftDispatcher?: WakeLoop };

/** How long until the earliest event that waits for no earlier event of its document falls due. */
async function nextDueInMs(): Promise<number | undefined> {
  const [row] = await db().$queryRaw<{ ms: number | null }[]>`
    SELECT (EXTRACT(EPOCH FROM (min(e."availableAt") - now())) * 1000)::float8 AS ms FROM "DomainEvent" e
    WHERE e."dispatchedAt" IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM "DomainEvent" p
        WHERE p."apiKeyId" = e."apiKeyId" AND p."organizationId" = e."organizationId" AND p."documentId" = e."documentId"
          AND p."seq" < e."seq" AND p."dispatchedAt" IS NULL)`;
  return row?.ms ?? undefined;
}

/**
 * Starts this process's dispatcher loop: it runs back to back while events are ready, then sleeps until an
 * event is written (NOTIFY), a retry falls due, or the fallback sweep; about once an hour it prunes events
 * dispatched longer ago than the retention. WEFT_EVENT_DISPATCHER=false starts nothing: events then wait in
 * the DomainEvent table until a process with the dispatcher on runs (the kill-and-restart test uses this).
 */
export function startEventDispatcher(): DispatcherHandle {
  // The handle stops whichever loop runs in this process, so a test that stopped and restarted it leaves
  // nothing behind for the harness.
  const handleForCaller: DispatcherHandle = { stop: stopEventDispatcher };
  if (holder.__weftDispatcher) return handleForCaller;
  if (!env().WEFT_EVENT_DISPATCHER) {
    log.info("event dispatcher is off (WEFT_EVENT_DISPATCHER=false)");
    return handleForCaller;
  }
  let prunedAt = Date.now();
  const tick = async (): Promise<TickResult> => {
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await pruneDispatchedEvents().catch((e) => log.warn("pruning dispatched events failed", errorFields(e)));
    }
    if (await dispatchNext()) return { busy: true };
    return { busy: false, nextDueInMs: await nextDueInMs() };
  };
  holder.__weftDispatcher = startWakeLoop({ name: "event dispatcher", channels: [EVENTS_CHANNEL], tick });
  return handleForCaller;
}

/** Stops this process's dispatcher loop, if one runs (tests that drive dispatchNext themselves). */
export async function stopEventDispatcher() {
  const loop = holder.__weftDispatcher;
  holder.__weftDispatcher = undefined;
  await loop?.stop();
}

/** Every working process (server role, test harness) starts the dispatcher with its job workers. */
export const eventDispatcherLoop = defineWorkerLoop({
  name: "event-dispatcher",
  start: () => void startEventDispatcher(),
  stop: stopEventDispatcher,
});
