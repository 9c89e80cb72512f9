import { prepareAttempt, recordOutcome } from "@/lib/domain/webhooks/attempt-delivery";
import { db } from "../db";
import { defineWorkerLoop } from "../jobs";
import { errorFields, log } from "../log";
import { countWebhookAttempt } from "../metrics/outcomes";
import { storableError } from "../storable-text";
import { postWebhook, type PostOutcome } from "../outbound/post-webhook";
import { WEBHOOKS_CHANNEL } from "./channels";
import { claimDeliveries, type Claimed } from "./claim-deliveries";
import { startWakeLoop, type TickResult, type WakeLoop } from "./wake-loop";

// The webhook delivery worker every server process runs: claims due deliveries and runs their attempts
// concurrently (each with its own 15 s limit), so a slow receiver holds only its own slots. Claims are
// leases (see claim-deliveries.ts). It wakes when deliveries are written (`weft_webhooks`), when an attempt
// frees a slot, and when the next retry or lost lease falls due.

const MAX_IN_FLIGHT = 64;
const PER_TARGET_IN_FLIGHT = 16;
/** Due deliveries held back by a target's in-flight cap or rate limit: the rate window is one second. */
const HELD_BACK_RECHECK_MS = 1_000;

interface LoopState {
  inFlight: Set<Promise<void>>;
  loop?: WakeLoop;
}

const state: LoopState = { inFlight: new Set() };

const UTC_NOW = `(now() AT TIME ZONE 'UTC')`;

async function nextDueInMs(): Promise<number | undefined> {
  const [row] = await db().$queryRawUnsafe<{ ms: number | null }[]>(
    `SELECT (EXTRACT(EPOCH FROM (min(t) - ${UTC_NOW})) * 1000)::float8 AS ms FROM (
       SELECT min("nextAttemptAt") AS t FROM "WebhookDelivery" WHERE "status" = 'pending'
       UNION ALL
       SELECT min("leaseUntil") FROM "WebhookDelivery" WHERE "status" = 'sending') due`,
  );
  return row?.ms ?? undefined;
}

/**
 * One attempt: the domain builds the request and records the outcome; the POST goes out from infra. An
 * exception while building or sending (an undecryptable secret, a header Node refuses) is the attempt's
 * failure, recorded like any other so the delivery follows the retry schedule.
 */
async function attemptDelivery(claim: Claimed) {
  const started = performance.now();
  let url = claim.endpointUrl ?? claim.url ?? "";
  let outcome: PostOutcome;
  try {
    const request = await prepareAttempt(claim, db());
    if (!request) return;
    url = request.url;
    outcome = await postWebhook(request.url, request.body, request.headers);
  } catch (e) {
    const durationMs = Math.round(performance.now() - started);
    outcome = { ok: false, statusCode: 0, response: "", error: `attempt failed: ${storableError(e)}`, durationMs };
  }
  countWebhookAttempt(claim.endpointId ? "endpoint" : "simple", outcome);
  await recordOutcome(claim, url, outcome, db());
}

async function tick(): Promise<TickResult> {
  const room = MAX_IN_FLIGHT - state.inFlight.size;
  if (room <= 0) return { busy: false };
  const claims = await claimDeliveries(room, PER_TARGET_IN_FLIGHT);
  for (const claim of claims) {
    const attempt = attemptDelivery(claim)
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
  const due = await nextDueInMs();
  return { busy: false, nextDueInMs: due !== undefined && due <= 0 ? HELD_BACK_RECHECK_MS : due };
}

export const webhookDeliveryWorker = defineWorkerLoop({
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
});
