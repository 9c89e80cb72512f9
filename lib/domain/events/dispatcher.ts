import { db, transaction } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { defineWorkerLoop } from "@/lib/infra/jobs";
import { errorFields, log } from "@/lib/infra/log";
import { eventConsumers } from "./consumers";
import type { EventConsumer, WeftEvent } from "./event";

// The dispatcher: hands each outbox event to every consumer, in sequence order per document. One event per
// transaction: claim it (FOR UPDATE SKIP LOCKED, only when every earlier event of its document is done),
// run the consumers, mark it dispatched, commit. A process that dies mid-way leaves the event undispatched
// and its lock released, so the next poll (here or in another process) takes it again: at-least-once with
// effects exactly once, since the consumers' writes and the mark commit together. Several processes on one
// database never dispatch an event twice: the row lock and the `dispatchedAt IS NULL` recheck exclude it.
// A consumer failure rolls everything back and the event is retried with backoff; later events of the same
// document wait for it.

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
        SELECT e."id", e."event" FROM "EventOutbox" e
        WHERE e."dispatchedAt" IS NULL AND e."availableAt" <= now()
          AND NOT EXISTS (
            SELECT 1 FROM "EventOutbox" p
            WHERE p."apiKeyId" = e."apiKeyId" AND p."organizationId" = e."organizationId" AND p."documentId" = e."documentId"
              AND p."seq" < e."seq" AND p."dispatchedAt" IS NULL)
        ORDER BY e."createdAt", e."seq"
        LIMIT 1
        FOR UPDATE OF e SKIP LOCKED`;
      const claimed = rows[0];
      if (!claimed) return false;
      claimedId = claimed.id;
      for (const consumer of consumers) await consumer.consume(tx, claimed.event);
      const marked = await tx.eventOutbox.updateMany({
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
  const row = await db().eventOutbox.findUnique({ where: { id }, select: { attempts: true } });
  const attempts = (row?.attempts ?? 0) + 1;
  const delayMs = Math.min(60_000, 1000 * 2 ** (attempts - 1));
  log.warn("event consumer failed; the event is retried", { eventId: id, attempts, delayMs, ...errorFields(e) });
  await db().eventOutbox.updateMany({
    where: { id, dispatchedAt: null },
    data: { attempts, lastError: e instanceof Error ? e.message.slice(0, 2000) : String(e).slice(0, 2000), availableAt: new Date(Date.now() + delayMs) },
  });
}

/**
 * Deletes events dispatched more than WEFT_EVENT_RETENTION_HOURS ago, at most `limit` per call (the
 * dispatcher loop calls it about once an hour); returns how many went.
 */
export async function pruneDispatchedEvents(limit = 10_000): Promise<number> {
  const cutoff = new Date(Date.now() - env().WEFT_EVENT_RETENTION_HOURS * 3600_000);
  return db().$executeRaw`
    DELETE FROM "EventOutbox" WHERE "id" IN (
      SELECT "id" FROM "EventOutbox" WHERE "dispatchedAt" < ${cutoff} ORDER BY "dispatchedAt" LIMIT ${limit})`;
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

const holder = globalThis as unknown as { __weftDispatcher?: DispatcherHandle };

/**
 * Starts this process's dispatcher loop: it polls every WEFT_EVENT_POLL_MS while idle and runs back to back
 * while events are ready; about once an hour it prunes events dispatched longer ago than the retention. WEFT_EVENT_DISPATCHER=false starts nothing: events then wait in the outbox until
 * a process with the dispatcher on runs (the kill-and-restart test uses this).
 */
export function startEventDispatcher(): DispatcherHandle {
  // The handle stops whichever loop runs in this process, so a test that stopped and restarted it leaves
  // nothing behind for the harness.
  const handleForCaller: DispatcherHandle = { stop: stopEventDispatcher };
  if (holder.__weftDispatcher) return handleForCaller;
  const { WEFT_EVENT_DISPATCHER: on, WEFT_EVENT_POLL_MS: pollMs } = env();
  if (!on) {
    log.info("event dispatcher is off (WEFT_EVENT_DISPATCHER=false)");
    return handleForCaller;
  }
  let stopped = false;
  let wake: (() => void) | undefined;
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pollMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  let prunedAt = Date.now();
  const loop = (async () => {
    while (!stopped) {
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneDispatchedEvents().catch((e) => log.warn("pruning dispatched events failed", errorFields(e)));
      }
      let busy = false;
      try {
        busy = await dispatchNext();
      } catch (e) {
        log.error("event dispatcher poll failed", errorFields(e));
      }
      if (!busy && !stopped) await sleep();
    }
  })();
  const handle: DispatcherHandle = {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      if (holder.__weftDispatcher === handle) holder.__weftDispatcher = undefined;
    },
  };
  holder.__weftDispatcher = handle;
  return handleForCaller;
}

/** Stops this process's dispatcher loop, if one runs (tests that drive dispatchNext themselves). */
export async function stopEventDispatcher() {
  await holder.__weftDispatcher?.stop();
}

/** Every working process (server role, test harness) starts the dispatcher with its job workers. */
export const eventDispatcherLoop = defineWorkerLoop({
  name: "event-dispatcher",
  start: () => void startEventDispatcher(),
  stop: stopEventDispatcher,
});
