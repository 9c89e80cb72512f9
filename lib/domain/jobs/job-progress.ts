import type { Reader, Tx } from "@/lib/infra/db";
import { publish } from "@/lib/infra/notify-bus";
import type { ApiKeyScope } from "../scope";
import type { JobState } from "./job-state";

// How a long job shows its progress in the console (jobs.progress, lib/console/jobs/router.ts), for any job
// of an API key: document migration, organization purge, GDPR erase. A job kind plugs in with two things:
// 1. `reportJobProgress(progress, tx)` whenever its state or count moves (in the transaction that moves it, so
//    the console never shows what did not commit);
// 2. a JobProgressSource (its kind and how to read a job's current state, scoped by the key) listed in
//    lib/console/jobs/progress-sources.ts, which a console that starts watching reads first.

export const JOB_PROGRESS_CHANNEL = "console_job_progress";

export interface JobProgress {
  /** The job kind (`documents.migrate`). */
  kind: string;
  /** What the job works on, as the kind names it (the migration id). */
  id: string;
  apiKeyId: string;
  state: JobState;
  /** Items done and in all, when the job counts. */
  done?: number;
  total?: number;
  /** Why it failed, or what it is doing. */
  message?: string;
  /** When this state was reached (ISO). */
  at: string;
}

export interface JobProgressSource {
  kind: string;
  /** The job's current state, or null if the key has no such job. */
  read(scope: ApiKeyScope, id: string, db: Reader): Promise<JobProgress | null>;
}

export function reportJobProgress(progress: JobProgress, tx?: Tx) {
  return publish(JOB_PROGRESS_CHANNEL, JSON.stringify(progress), tx);
}
