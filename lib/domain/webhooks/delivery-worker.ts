import { defineWorkerLoop } from "@/lib/infra/jobs";
import { errorFields, log } from "@/lib/infra/log";
import { attemptDelivery } from "./attempt-delivery";
import { claimDeliveries } from "./claim-deliveries";

// The webhook delivery worker every server process runs: claims due deliveries and runs their attempts
// concurrently (each with its own 15 s limit), so a slow receiver holds only its own slots. Claims are
// leases (see claim-deliveries.ts); an idle worker polls every POLL_MS.

const MAX_IN_FLIGHT = 64;
const PER_TARGET_IN_FLIGHT = 16;
const POLL_MS = 100;

interface LoopState {
  running: boolean;
  inFlight: Set<Promise<void>>;
  loop?: Promise<void>;
  wake?: () => void;
}

const state: LoopState = { running: false, inFlight: new Set() };

function sleep(ms: number) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    state.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}

async function run() {
  while (state.running) {
    const room = MAX_IN_FLIGHT - state.inFlight.size;
    let claimed = 0;
    if (room > 0) {
      try {
        const claims = await claimDeliveries(room, PER_TARGET_IN_FLIGHT);
        claimed = claims.length;
        for (const claim of claims) {
          const attempt = attemptDelivery(claim)
            .catch((e) => log.error("webhook attempt crashed; its lease will run out and it is retried", { deliveryId: claim.id, ...errorFields(e) }))
            .finally(() => {
              state.inFlight.delete(attempt);
              state.wake?.();
            });
          state.inFlight.add(attempt);
        }
      } catch (e) {
        if (state.running) log.warn("webhook claim failed", errorFields(e));
      }
    }
    if (!state.running) break;
    if (claimed === 0 || room <= claimed) await sleep(POLL_MS);
  }
}

export const webhookDeliveryWorker = defineWorkerLoop({
  name: "webhook-delivery",
  start() {
    if (state.running) return;
    state.running = true;
    state.loop = run();
  },
  async stop() {
    state.running = false;
    state.wake?.();
    await state.loop;
    await Promise.allSettled([...state.inFlight]);
  },
});
