import { eventConsumers, eventDispatchRetry } from "@/lib/domain/events/consumers";
import type { EventConsumer } from "@/lib/domain/events/event";
import {
  claimNextEvent,
  EVENTS_CHANNEL,
  markDispatched,
  msUntilNextEvent,
  pruneDispatchedEvents,
  recordDispatchFailure,
} from "@/lib/domain/events/events-store";
import { db, transaction } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import type { WorkerLoop } from "@/lib/infra/jobs/job-worker";
import { retryDelayMs } from "@/lib/infra/jobs/retry-policy";
import { startWakeLoop, type TickResult, type WakeLoop } from "@/lib/infra/jobs/wake-loop";
import { errorFields, log } from "@/lib/infra/log";

// The dispatcher: hands each domain event to every consumer, in sequence order per document. One event per
// transaction: claim it (claimNextEvent: only when every earlier event of its document is done), run the
// consumers, mark it dispatched, commit. A process that dies mid-way leaves the event undispatched and its
// lock released, so the next sweep (here or in another process) takes it again: at-least-once with effects
// exactly once, since the consumers' writes and the mark commit together. Several processes on one database
// never dispatch an event twice: the row lock and the `dispatchedAt IS NULL` recheck exclude it. A consumer
// failure rolls everything back and the event is retried (eventDispatchRetry); later events of the same
// document wait for it. The loop wakes on `weft_events`, NOTIFYed by the transaction that wrote the event,
// and when a retry falls due.

/** Dispatches the next ready event; false when none is ready. */
export async function dispatchNext(consumers: readonly EventConsumer[] = eventConsumers): Promise<boolean> {
  let claimedId: string | undefined;
  try {
    return await transaction(async (tx) => {
      const claimed = await claimNextEvent(tx);
      if (!claimed) return false;
      claimedId = claimed.id;
      for (const consumer of consumers) await consumer.consume(tx, claimed.event);
      if (!(await markDispatched(tx, claimed.id))) throw new Error(`event ${claimed.id} was dispatched concurrently`);
      return true;
    });
  } catch (e) {
    if (!claimedId) throw e;
    const retry = await recordDispatchFailure(
      db(),
      claimedId,
      e,
      (attempts) => retryDelayMs(eventDispatchRetry, attempts) ?? 60_000,
    );
    log.warn("event consumer failed; the event is retried", { eventId: claimedId, ...retry, ...errorFields(e) });
    return true;
  }
}

const PRUNE_EVERY_MS = 3600_000;

let running: WakeLoop | undefined;

/**
 * Starts this process's dispatcher loop: it runs back to back while events are ready, then sleeps until an
 * event is written (NOTIFY), a retry falls due, or the fallback sweep; about once an hour it prunes events
 * dispatched longer ago than the retention. WEFT_EVENT_DISPATCHER=false starts nothing: events then wait in
 * the DomainEvent table until a process with the dispatcher on runs (the kill-and-restart test uses this).
 */
export function startEventDispatcher() {
  if (running) return;
  if (!env().WEFT_EVENT_DISPATCHER) {
    log.info("event dispatcher is off (WEFT_EVENT_DISPATCHER=false)");
    return;
  }
  let prunedAt = Date.now();
  const tick = async (): Promise<TickResult> => {
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await pruneDispatchedEvents(db()).catch((e) => log.warn("pruning dispatched events failed", errorFields(e)));
    }
    if (await dispatchNext()) return { busy: true };
    return { busy: false, nextDueInMs: await msUntilNextEvent(db()) };
  };
  running = startWakeLoop({ name: "event dispatcher", channels: [EVENTS_CHANNEL], tick });
}

/** Stops this process's dispatcher loop, if one runs (tests that drive dispatchNext themselves). */
export async function stopEventDispatcher() {
  const loop = running;
  running = undefined;
  await loop?.stop();
}

/** Every working process (server role, test harness) starts the dispatcher with its job workers. */
export const eventDispatcherLoop: WorkerLoop = {
  name: "event-dispatcher",
  start: startEventDispatcher,
  stop: stopEventDispatcher,
};
