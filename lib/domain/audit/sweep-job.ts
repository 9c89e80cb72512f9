import { definePeriodicJob } from "@/lib/infra/jobs/define-job";
import { SECOND } from "@/lib/infra/jobs/retry-policy";
import { AUDIT_MAX_AGE_MS, sweepAuditLog } from "./audit-log";

// The audit log keeps 90 days: older entries go, once an hour.

export const AUDIT_SWEEP_EVERY_MS = 3600_000;

/** Periodic: after its one retry, the sweep waits for its next turn. */
export const auditSweepJob = definePeriodicJob({
  kind: "audit.sweep",
  everyMs: AUDIT_SWEEP_EVERY_MS,
  retry: { delaysMs: [30 * SECOND] },
  run: async (ctx) => {
    await ctx.transaction((tx) => sweepAuditLog(tx, new Date(Date.now() - AUDIT_MAX_AGE_MS)));
  },
});
