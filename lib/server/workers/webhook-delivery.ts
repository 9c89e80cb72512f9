import { attemptDelivery } from "@/lib/domain/webhooks/attempt-delivery";
import { claimDeliveries, msUntilNextDelivery, WEBHOOKS_CHANNEL } from "@/lib/domain/webhooks/webhooks-store";
import { db, transaction } from "@/lib/infra/db";
import type { WorkerLoop } from "@/lib/infra/jobs/job-worker";
import { startWakeLoop, type TickResult, type WakeLoop } from "@/lib/infra/jobs/wake-loop";
import { errorFields, log } from "@/lib/infra/log";

// The webhook delivery worker every server process runs: claims due deliveries (claimDeliveries: leases, fair
// per target) and runs their attempts concurrently (attemptDelivery, each with its own 15 s limit), so a slow
// receiver holds only its own slots. It wakes when deliveries are written (`weft_webhooks`), when an attempt
// frees a slot, and when the next retry or lost lease falls due.

const MAX_IN_FLIGHT = 64;
const PER_TARGET_IN_FLIGHT = 16;
/** Due deliveries held back by a target's in-flight cap or rate limit: the rate window is one second. */
const HELD_BACK_RECHECK_MS = 1_000;

const state: { inFlight: Set<Promise<void>>; loop?: WakeLoop } = { inFlight: new Set() };

async function tick(): Promise<TickResult> {
  const room = MAX_IN_FLIGHT - state.inFlight.size;
  if (room <= 0) return { busy: false };
  const claims = await transaction((tx) => claimDeliveries(tx, room, PER_TARGET_IN_FLIGHT));
  for (const claim of claims) {
    const attempt = attemptDelivery(claim, db())
      .catch((e) =>
        log.error("webhook attempt could not be recorded; its lease will run out and it is retried", {
          deliveryId: claim.id,
          ...errorFields(e),
        }),
      )
      .finally(() => {
        state.inFlight.delete(attempt);
        state.loop?.wake();
      });
    state.inFlight.add(attempt);
  }
  if (claims.length > 0 && claims.length < room) return { busy: true };
  if (claims.length > 0) return { busy: false };
  const due = await msUntilNextDelivery(db());
  return { busy: false, nextDueInMs: due !== undefined && due <= 0 ? HELD_BACK_RECHECK_MS : due };
}

export const webhookDeliveryWorker: WorkerLoop = {
  name: "webhook-delivery",
  start() {
    if (state.loop) return;
    state.loop = startWakeLoop({ name: "webhook delivery worker", channels: [WEBHOOKS_CHANNEL], tick });
  },
  async stop() {
    const loop = state.loop;
    state.loop = undefined;
    await loop?.stop();
    await Promise.allSettled([...state.inFlight]);
  },
};
