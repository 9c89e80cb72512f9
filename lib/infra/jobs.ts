import { commitInChunks, db, transaction, type Db, type Tx } from "./db";
import { env } from "./env";
import { newId } from "./ids";
import { errorFields, log } from "./log";
import { publish } from "./notify-bus";
import { maxAttempts, retryDelayMs } from "./retry-policies";
import { startWakeLoop, type TickResult, type WakeLoop } from "./workers/wake-loop";

// Background jobs: rows of the Job table. A job is written inside the transaction of the change that caused it,
// so it exists only if that change commits, and the same transaction NOTIFYs `weft_jobs` so that workers wake at
// commit. Every server process runs one job worker: it claims due jobs with FOR UPDATE SKIP LOCKED as leases
// (a process that dies mid-job leaves a lease that runs out, and the job is claimed again), runs them, and moves
// them to done, to their next attempt (after the delay of the kind's retry policy, lib/infra/retry-policies.ts)
// or to failed. The event dispatcher and the webhook delivery worker are loops beside it (lib/infra/workers).

export const JOBS_CHANNEL = "weft_jobs";

export interface JobContext {
  /** 1 for the first attempt. */
  attempt: number;
  /** No retry follows if this attempt fails. */
  lastAttempt: boolean;
  /** The client, for single statements outside a transaction. */
  db: Db;
  /** Opens one transaction (`transaction()` of lib/infra/db.ts): a job's unit of atomic work. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** For work that must commit in parts (a big fan-out): `commitInChunks()` of lib/infra/db.ts. */
  commitInChunks<C>(first: C, chunk: (tx: Tx, cursor: C) => Promise<C | undefined>): Promise<void>;
}

/** Thrown by a handler: the job fails for good at once, whatever its retry policy. */
export class FinalJobFailure extends Error {}

export interface JobOptions {
  /** How many jobs of this kind one process runs at a time. */
  concurrency?: number;
  /** How long a claimed job may run before another process may take it over. */
  leaseSeconds?: number;
}

export interface JobDefinition<T extends object> {
  kind: string;
  enqueue(tx: Tx, data: T, options?: { runAt?: Date }): Promise<string>;
}

interface Registered {
  kind: string;
  handler: (data: unknown, ctx: JobContext) => Promise<void>;
  concurrency: number;
  leaseSeconds: number;
  /** Periodic kinds: one row that goes back to pending `everyMs` after each run (see definePeriodicJob). */
  everyMs?: number;
}

/** A long-running loop a working process runs beside the job worker (event dispatcher, webhook delivery worker). */
export interface WorkerLoop {
  name: string;
  start(): void;
  stop(): Promise<void>;
}

interface State {
  definitions: Map<string, Registered>;
  loops: Map<string, WorkerLoop>;
  running: Map<string, Set<Promise<void>>>;
  /** Jobs this process has claimed and not yet finished, by id (released at shutdown if still running). */
  claimed: Map<string, ClaimedJob>;
  worker?: WakeLoop;
}

const holder = globalThis as unknown as { __weftJobState?: State };
const state: State = (holder.__weftJobState ??= {
  definitions: new Map(),
  loops: new Map(),
  running: new Map(),
  claimed: new Map(),
});

/** Every module that defines jobs or worker loops; start-up loads them all before workers start. */
export const jobModules: (() => Promise<unknown>)[] = [
  () => import("@/lib/domain/documents/migration-job"),
  () => import("@/lib/domain/agents/execute-agent"),
  () => import("@/lib/domain/notifications/fanout-job"),
  () => import("@/lib/domain/user-data/erase-job"),
  () => import("@/lib/domain/email/send-trigger-email"),
  () => import("./workers/webhook-worker"),
  () => import("./workers/event-dispatcher"),
  () => import("@/lib/domain/usage/sweep-job"),
  () => import("./prune-jobs"),
];

export function defineJob<T extends object>(
  kind: string,
  handler: (data: T, ctx: JobContext) => Promise<void>,
  options: JobOptions = {},
): JobDefinition<T> {
  state.definitions.set(kind, {
    kind,
    handler: handler as Registered["handler"],
    concurrency: options.concurrency ?? 2,
    leaseSeconds: options.leaseSeconds ?? 15 * 60,
  });
  return {
    kind,
    async enqueue(tx, data, opts) {
      const id = newId("job");
      const now = new Date();
      await tx.job.create({ data: { id, kind, payload: data as object, runAt: opts?.runAt ?? now, createdAt: now } });
      await publish(JOBS_CHANNEL, kind, tx);
      return id;
    },
  };
}

/**
 * A job that runs every `everyMs` on one process of the database (a sweep): one row per kind, id
 * `periodic_<kind>`, created by the first worker to start and sent back to pending after each run, failed or
 * not, so it never ends. A failing run is retried by the kind's retry policy before that.
 */
export function definePeriodicJob(kind: string, everyMs: number, handler: (ctx: JobContext) => Promise<void>) {
  state.definitions.set(kind, {
    kind,
    handler: (_data, ctx) => handler(ctx),
    concurrency: 1,
    leaseSeconds: 15 * 60,
    everyMs,
  });
}

async function schedulePeriodicJobs() {
  for (const def of state.definitions.values()) {
    if (def.everyMs === undefined) continue;
    await db().$executeRaw`
      INSERT INTO "Job" ("id", "kind", "payload", "status", "runAt", "createdAt")
      VALUES (${`periodic_${def.kind}`}, ${def.kind}, '{}'::jsonb, 'pending', ${new Date()}, ${new Date()})
      ON CONFLICT ("id") DO UPDATE SET "status" = 'pending', "finishedAt" = NULL
        WHERE "Job"."status" IN ('done', 'failed')`;
  }
}

/** Registers a loop that every working process starts with the job worker and stops with it. */
export function defineWorkerLoop(loop: WorkerLoop): WorkerLoop {
  state.loops.set(loop.name, loop);
  if (state.worker) loop.start();
  return loop;
}

const UTC_NOW = `(now() AT TIME ZONE 'UTC')`;

interface ClaimedJob {
  id: string;
  payload: unknown;
  attempts: number;
}

async function claim(def: Registered, limit: number): Promise<ClaimedJob[]> {
  return db().$queryRawUnsafe<ClaimedJob[]>(
    `UPDATE "Job" SET "status" = 'running', "attempts" = "attempts" + 1, "startedAt" = ${UTC_NOW},
            "leaseUntil" = ${UTC_NOW} + make_interval(secs => $3::int)
     WHERE "id" IN (
       SELECT "id" FROM "Job"
       WHERE "kind" = $1 AND (("status" = 'pending' AND "runAt" <= ${UTC_NOW}) OR ("status" = 'running' AND "leaseUntil" < ${UTC_NOW}))
       ORDER BY "runAt" LIMIT $2::int
       FOR UPDATE SKIP LOCKED)
     RETURNING "id", "payload", "attempts"`,
    def.kind,
    limit,
    def.leaseSeconds,
  );
}

async function finish(def: Registered, job: ClaimedJob, error: unknown) {
  if (!state.claimed.delete(job.id)) return; // released at shutdown: it runs again after the restart
  const lease = { id: job.id, status: "running", attempts: job.attempts };
  const now = new Date();
  const lastError =
    error === undefined ? null : (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const delay =
    error === undefined || error instanceof FinalJobFailure ? undefined : retryDelayMs(def.kind, job.attempts);
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

function runJob(def: Registered, job: ClaimedJob) {
  const set = state.running.get(def.kind) ?? new Set();
  state.running.set(def.kind, set);
  const ctx: JobContext = {
    attempt: job.attempts,
    lastAttempt: job.attempts >= maxAttempts(def.kind),
    db: db(),
    transaction,
    commitInChunks,
  };
  state.claimed.set(job.id, job);
  const run = (async () => {
    let error: unknown;
    try {
      await def.handler(job.payload, ctx);
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

/** Deletes jobs finished longer than WEFT_EVENT_RETENTION_HOURS ago, at most `limit`; returns how many went. */
export async function pruneFinishedJobs(limit = 10_000): Promise<number> {
  const cutoff = new Date(Date.now() - env().WEFT_EVENT_RETENTION_HOURS * 3600_000);
  return db().$executeRaw`
    DELETE FROM "Job" WHERE "id" IN (SELECT "id" FROM "Job" WHERE "finishedAt" < ${cutoff} ORDER BY "finishedAt" LIMIT ${limit})`;
}

async function tick(): Promise<TickResult> {
  let claimed = 0;
  const open: string[] = [];
  for (const def of state.definitions.values()) {
    const room = def.concurrency - (state.running.get(def.kind)?.size ?? 0);
    if (room <= 0) continue;
    open.push(def.kind);
    const jobs = await claim(def, room);
    for (const job of jobs) runJob(def, job);
    claimed += jobs.length;
  }
  if (claimed > 0) return { busy: true };
  if (open.length === 0) return { busy: false };
  const [next] = await db().$queryRawUnsafe<{ ms: number | null }[]>(
    `SELECT (EXTRACT(EPOCH FROM (min(t) - ${UTC_NOW})) * 1000)::float8 AS ms FROM (
       SELECT min("runAt") AS t FROM "Job" WHERE "status" = 'pending' AND "kind" = ANY($1::text[])
       UNION ALL
       SELECT min("leaseUntil") FROM "Job" WHERE "status" = 'running' AND "kind" = ANY($1::text[])) due`,
    open,
  );
  return { busy: false, nextDueInMs: next?.ms ?? undefined };
}

/** Starts this process's job worker and worker loops (`work`); without it the process only enqueues. */
export async function startJobs(opts: { work: boolean }) {
  await stopJobs();
  if (!opts.work) return;
  await schedulePeriodicJobs();
  state.worker = startWakeLoop({ name: "job worker", channels: [JOBS_CHANNEL], tick });
  for (const loop of state.loops.values()) loop.start();
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
  await Promise.race([
    Promise.all([...state.loops.values()].map((loop) => loop.stop().catch(() => {}))),
    untilDeadline(),
  ]);
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
