import { commitInChunks, db, transaction } from "../db";
import { env } from "../env";
import { errorFields, log } from "../log";
import { FinalJobFailure, JOBS_CHANNEL, definePeriodicJob, type JobContext, type JobKind } from "./define-job";
import { msUntilEarliest, UTC_NOW } from "./lease-queue";
import { HOUR, maxAttempts, retryDelayMs, SECOND } from "./retry-policy";
import { storableError } from "../storable-text";
import { startWakeLoop, type TickResult, type WakeLoop } from "./wake-loop";
import { Prisma } from "@/lib/generated/prisma/client";

// The job worker every server process runs, over the kinds start-up hands it (lib/server/catalog.ts): it
// claims due jobs with FOR UPDATE SKIP LOCKED as leases (a process that dies mid-job leaves a lease that runs
// out, and the job is claimed again), runs them, and moves them to done, to their next attempt (after the
// delay of the kind's retry policy) or to failed. Loops with queues of their own (the event dispatcher, the
// webhook delivery worker) start and stop with it.

/** A long-running loop a working process runs beside the job worker. */
export interface WorkerLoop {
  name: string;
  start(): void;
  stop(): Promise<void>;
}

interface ClaimedJob {
  id: string;
  payload: unknown;
  attempts: number;
}

interface State {
  kinds: readonly JobKind[];
  loops: readonly WorkerLoop[];
  running: Map<string, Set<Promise<void>>>;
  /** Jobs this process has claimed and not yet finished, by id (released at shutdown if still running). */
  claimed: Map<string, ClaimedJob>;
  worker?: WakeLoop;
}

// Module state: the worker runs in start-up's module graph only (route handlers only enqueue).
const state: State = { kinds: [], loops: [], running: new Map(), claimed: new Map() };

async function schedulePeriodicJobs() {
  for (const def of state.kinds) {
    if (def.everyMs === undefined) continue;
    await db().$executeRaw`
      INSERT INTO "Job" ("id", "kind", "payload", "status", "runAt", "createdAt")
      VALUES (${`periodic_${def.kind}`}, ${def.kind}, '{}'::jsonb, 'pending', ${new Date()}, ${new Date()})
      ON CONFLICT ("id") DO UPDATE SET "status" = 'pending', "finishedAt" = NULL
        WHERE "Job"."status" IN ('done', 'failed')`;
  }
}

async function claim(def: JobKind, limit: number): Promise<ClaimedJob[]> {
  return db().$queryRaw<ClaimedJob[]>`
    UPDATE "Job" SET "status" = 'running', "attempts" = "attempts" + 1, "startedAt" = ${UTC_NOW},
           "leaseUntil" = ${UTC_NOW} + make_interval(secs => ${def.leaseSeconds}::int)
    WHERE "id" IN (
      SELECT "id" FROM "Job"
      WHERE "kind" = ${def.kind} AND (("status" = 'pending' AND "runAt" <= ${UTC_NOW}) OR ("status" = 'running' AND "leaseUntil" < ${UTC_NOW}))
      ORDER BY "runAt" LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED)
    RETURNING "id", "payload", "attempts"`;
}

async function finish(def: JobKind, job: ClaimedJob, error: unknown) {
  if (!state.claimed.delete(job.id)) return; // released at shutdown: it runs again after the restart
  const lease = { id: job.id, status: "running", attempts: job.attempts };
  const now = new Date();
  const lastError = error === undefined ? null : storableError(error);
  const delay =
    error === undefined || error instanceof FinalJobFailure ? undefined : retryDelayMs(def.retry, job.attempts);
  if (def.everyMs !== undefined && delay === undefined) {
    // A periodic job never ends: after a success, or a failure with no retry left, it waits for its next turn.
    if (error !== undefined) log.warn("periodic job failed", { kind: def.kind, ...errorFields(error) });
    const runAt = new Date(now.getTime() + def.everyMs);
    await db().job.updateMany({
      where: lease,
      data: { status: "pending", attempts: 0, runAt, leaseUntil: null, lastError },
    });
    return;
  }
  if (error === undefined) {
    await db().job.updateMany({
      where: lease,
      data: { status: "done", finishedAt: now, leaseUntil: null, lastError: null },
    });
    return;
  }
  log.warn(delay === undefined ? "job failed for good" : "job failed; it is retried", {
    kind: def.kind,
    jobId: job.id,
    attempt: job.attempts,
    retryInMs: delay,
    ...errorFields(error),
  });
  await db().job.updateMany({
    where: lease,
    data:
      delay === undefined
        ? { status: "failed", finishedAt: now, leaseUntil: null, lastError }
        : { status: "pending", runAt: new Date(now.getTime() + delay), leaseUntil: null, lastError },
  });
}

function runJob(def: JobKind, job: ClaimedJob) {
  const set = state.running.get(def.kind) ?? new Set();
  state.running.set(def.kind, set);
  const ctx: JobContext = {
    attempt: job.attempts,
    lastAttempt: job.attempts >= maxAttempts(def.retry),
    db: db(),
    transaction,
    commitInChunks,
  };
  state.claimed.set(job.id, job);
  const run = (async () => {
    let error: unknown;
    try {
      await def.run(job.payload, ctx);
    } catch (e) {
      error = e ?? new Error("job failed");
    }
    await finish(def, job, error).catch((e) =>
      log.error("recording a job's outcome failed", { jobId: job.id, ...errorFields(e) }),
    );
  })().finally(() => {
    set.delete(run);
    state.worker?.wake();
  });
  set.add(run);
}

async function tick(): Promise<TickResult> {
  let claimed = 0;
  const open: string[] = [];
  for (const def of state.kinds) {
    const room = def.concurrency - (state.running.get(def.kind)?.size ?? 0);
    if (room <= 0) continue;
    open.push(def.kind);
    const jobs = await claim(def, room);
    for (const job of jobs) runJob(def, job);
    claimed += jobs.length;
  }
  if (claimed > 0) return { busy: true };
  if (open.length === 0) return { busy: false };
  const nextDueInMs = await msUntilEarliest(
    db(),
    Prisma.sql`SELECT min("runAt") AS t FROM "Job" WHERE "status" = 'pending' AND "kind" = ANY(${open}::text[])
               UNION ALL
               SELECT min("leaseUntil") FROM "Job" WHERE "status" = 'running' AND "kind" = ANY(${open}::text[])`,
  );
  return { busy: false, nextDueInMs };
}

/** Starts this process's job worker over `kinds`, and the `loops` beside it. */
export async function startJobs(opts: { kinds: readonly JobKind[]; loops?: readonly WorkerLoop[] }) {
  await stopJobs();
  state.kinds = opts.kinds;
  state.loops = opts.loops ?? [];
  await schedulePeriodicJobs();
  state.worker = startWakeLoop({ name: "job worker", channels: [JOBS_CHANNEL], tick });
  for (const loop of state.loops) loop.start();
}

/**
 * Stops the worker loops and waits for the jobs in flight, until `deadline` (epoch ms) at most. A job still
 * running then is released: back to pending with its attempt not counted, so it runs once after a restart.
 */
export async function stopJobs(opts: { deadline?: number } = {}) {
  const worker = state.worker;
  if (!worker) return;
  state.worker = undefined;
  const untilDeadline = () => waitUntil(opts.deadline);
  await Promise.race([Promise.all(state.loops.map((loop) => loop.stop().catch(() => {}))), untilDeadline()]);
  await worker.stop();
  await Promise.race([Promise.allSettled([...state.running.values()].flatMap((set) => [...set])), untilDeadline()]);
  await releaseUnfinished();
}

function waitUntil(deadline: number | undefined): Promise<void> {
  if (deadline === undefined) return new Promise(() => {});
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref());
}

async function releaseUnfinished() {
  const jobs = [...state.claimed.values()];
  state.claimed.clear();
  for (const job of jobs) {
    await db()
      .job.updateMany({
        where: { id: job.id, status: "running", attempts: job.attempts },
        data: { status: "pending", attempts: job.attempts - 1, leaseUntil: null, runAt: new Date() },
      })
      .then(() => log.info("job released at shutdown; it runs after the restart", { jobId: job.id }))
      .catch((e) => log.warn("releasing a job at shutdown failed; its lease runs out", errorFields(e)));
  }
}

/** Deletes jobs finished longer than WEFT_EVENT_RETENTION_HOURS ago, at most `limit`; returns how many went. */
export async function pruneFinishedJobs(limit = 10_000): Promise<number> {
  const cutoff = new Date(Date.now() - env().WEFT_EVENT_RETENTION_HOURS * 3600_000);
  return db().$executeRaw`
    DELETE FROM "Job" WHERE "id" IN (SELECT "id" FROM "Job" WHERE "finishedAt" < ${cutoff} ORDER BY "finishedAt" LIMIT ${limit})`;
}

/** Hourly: one process of the database prunes finished jobs per turn; one retry, then the next turn. */
export const pruneJobsJob = definePeriodicJob({
  kind: "jobs.prune",
  everyMs: HOUR,
  retry: { delaysMs: [30 * SECOND] },
  run: async () => {
    await pruneFinishedJobs();
  },
});
