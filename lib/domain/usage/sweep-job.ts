import { definePeriodicJob } from "@/lib/infra/jobs/define-job";
import { SECOND } from "@/lib/infra/jobs/retry-policy";
import { REQUEST_LOG_MAX_AGE_MS, REQUEST_LOG_PER_KEY, USAGE_MAX_AGE_MS } from "./request-log-bounds";
import { sweepRequestLog } from "./usage-store";

// Keeps the request log inside its bounds (the newest 1,000 calls per key, 7 days) and drops old usage counters.

export const SWEEP_EVERY_MS = 60_000;

/** Periodic: after its one retry, the sweep waits for its next turn. */
export const usageSweepJob = definePeriodicJob({
  kind: "usage.sweep",
  everyMs: SWEEP_EVERY_MS,
  retry: { delaysMs: [30 * SECOND] },
  run: async (ctx) => {
    const now = Date.now();
    await ctx.transaction((tx) =>
      sweepRequestLog(tx, {
        perKey: REQUEST_LOG_PER_KEY,
        before: new Date(now - REQUEST_LOG_MAX_AGE_MS),
        usageBefore: new Date(now - USAGE_MAX_AGE_MS),
      }),
    );
  },
});
