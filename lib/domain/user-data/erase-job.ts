import type { Tx } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { z } from "zod";
import { defineJob, type JobContext } from "@/lib/infra/jobs/define-job";
import { MINUTE, SECOND } from "@/lib/infra/jobs/retry-policy";
import { reportJobProgress } from "../jobs/job-progress";
import { ERASE_JOB_KIND, erasureProgress } from "./erase-progress";
import { lockErasure } from "./user-data-store";
import { erasureSteps } from "./user-data-steps";

// The users.erase job: works through one erasure's tasks (each step of user-data-steps.ts for each user) in
// chunks of WEFT_ERASE_BATCH_ROWS rows, each chunk one transaction that locks the erasure's row, reads which
// task is next, erases and, when the task is done, counts it. A crash loses at most the chunk in flight: the
// lease runs out and the job picks up at the counted task. One run works for a slice of time, then queues
// its continuation, so its lease stays short.

export interface EraseJob {
  erasureId: string;
}

const SLICE_MS = 10_000;

type ChunkOutcome = "progress" | "complete";

/** One chunk of the erasure's next task; "complete" once every task is done (or the erasure is gone). */
export async function eraseChunk(tx: Tx, erasureId: string, limit: number): Promise<ChunkOutcome> {
  const row = await lockErasure(tx, erasureId);
  if (!row || row.completedAt || row.tasksDone >= row.tasksCount) return "complete";
  const step = erasureSteps[row.tasksDone % erasureSteps.length];
  const userId = row.userIds[Math.floor(row.tasksDone / erasureSteps.length)];
  const touched = await step.chunk(tx, { apiKeyId: row.apiKeyId, userId, organizationIds: row.organizationIds }, limit);
  if (touched >= limit) return "progress";
  const done = row.tasksDone + 1;
  const last = done === row.tasksCount;
  const now = new Date();
  await tx.userDataErasure.updateMany({
    where: { id: erasureId, apiKeyId: row.apiKeyId },
    // Once complete, the row keeps its counts and no longer says whom it erased.
    data: { tasksDone: done, lastTaskCompletedAt: now, ...(last && { completedAt: now, userIds: [] }) },
  });
  const counted = { ...row, id: erasureId, tasksDone: done, lastTaskCompletedAt: now, createdAt: now };
  await reportJobProgress(erasureProgress({ ...counted, completedAt: last ? now : null }), tx);
  return last ? "complete" : "progress";
}

async function runErasure(job: EraseJob, ctx: JobContext) {
  const started = Date.now();
  const limit = env().WEFT_ERASE_BATCH_ROWS;
  while ((await ctx.transaction((tx) => eraseChunk(tx, job.erasureId, limit))) === "progress") {
    if (Date.now() - started > SLICE_MS) {
      await ctx.transaction((tx) => eraseJob.enqueue(tx, job));
      return;
    }
  }
}

export const eraseJob = defineJob({
  kind: ERASE_JOB_KIND,
  payload: z.object({ erasureId: z.string() }),
  /** Progress is kept per chunk, so a retry only continues; it must end, so it keeps trying. */
  retry: { delaysMs: [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE], repeatLast: true },
  concurrency: 1,
  leaseSeconds: 30,
  run: runErasure,
});
