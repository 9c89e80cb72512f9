import { executeAgentJob } from "@/lib/domain/agents/execute-agent";
import { auditSweepJob } from "@/lib/domain/audit/sweep-job";
import { migrationJob } from "@/lib/domain/documents/migration-job";
import { sendTriggerEmail } from "@/lib/domain/email/send-trigger-email";
import { fanoutJob } from "@/lib/domain/notifications/fanout-job";
import { purgeJob } from "@/lib/domain/organizations/purge-job";
import { usageSweepJob } from "@/lib/domain/usage/sweep-job";
import { eraseJob } from "@/lib/domain/user-data/erase-job";
import { pruneIdempotencyJob } from "@/lib/infra/idempotency-store";
import type { JobKind } from "@/lib/infra/jobs/define-job";
import { pruneJobsJob, startJobs, stopJobs, type WorkerLoop } from "@/lib/infra/jobs/job-worker";
import { eventDispatcherLoop } from "./workers/event-dispatcher";
import { webhookDeliveryWorker } from "./workers/webhook-delivery";

// Every kind of background work a server process runs. A job kind is defined (defineJob: kind, payload
// schema, retry policy, run) in the area that owns the work and listed here; nothing registers itself.

export const jobKinds: readonly JobKind[] = [
  migrationJob,
  purgeJob,
  executeAgentJob,
  fanoutJob,
  eraseJob,
  sendTriggerEmail,
  usageSweepJob,
  auditSweepJob,
  pruneJobsJob,
  pruneIdempotencyJob,
];

/** Queues with tables of their own (see docs/background-work.md), run beside the job worker. */
export const workerLoops: readonly WorkerLoop[] = [webhookDeliveryWorker, eventDispatcherLoop];

/** Starts this process's job worker over the catalog, and the worker loops. */
export function startWorkers() {
  return startJobs({ kinds: jobKinds, loops: workerLoops });
}

export { stopJobs as stopWorkers };
