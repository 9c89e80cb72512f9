import PgBoss from "pg-boss";
import type { Tx } from "./db";
import { errorFields, log } from "./log";

// Background jobs on pg-boss, in the same database. A job is enqueued inside the domain transaction that
// caused it (pg-boss's `db` option runs its INSERT on the Prisma transaction client), so it exists only if
// the change commits. Workers run in every server process; pg-boss's SKIP LOCKED fetch gives each job to
// one of them.

export interface JobOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /** How many of this queue's jobs one process runs at a time. */
  concurrency?: number;
}

export interface JobDefinition<T extends object> {
  name: string;
  enqueue(tx: Tx, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
}

interface Registered {
  name: string;
  handler: (data: unknown) => Promise<void>;
  options: JobOptions;
}

/** A long-running loop a process runs beside the queues (event dispatcher, webhook delivery worker). */
export interface WorkerLoop {
  name: string;
  start(): void;
  stop(): Promise<void>;
}

interface State {
  definitions: Map<string, Registered>;
  loops: Map<string, WorkerLoop>;
  boss?: PgBoss;
  working: boolean;
}

const holder = globalThis as unknown as { __weftJobs?: State };
const state: State = (holder.__weftJobs ??= { definitions: new Map(), loops: new Map(), working: false });
state.loops ??= new Map();

function onTransaction(tx: Tx): PgBoss.Db {
  return {
    executeSql: async (text, values) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }),
  };
}

export function defineJob<T extends object>(name: string, handler: (data: T) => Promise<void>, options: JobOptions = {}): JobDefinition<T> {
  const registered: Registered = { name, handler: handler as (data: unknown) => Promise<void>, options };
  state.definitions.set(name, registered);
  if (state.boss) void register(state.boss, registered, state.working).catch((e) => log.error("job queue registration failed", { queue: name, ...errorFields(e) }));
  return {
    name,
    async enqueue(tx, data, sendOptions) {
      const boss = state.boss;
      if (!boss) throw new Error("the job queue is not started");
      return boss.send(name, data, {
        retryLimit: options.retryLimit ?? 5,
        retryDelay: options.retryDelay ?? 5,
        retryBackoff: options.retryBackoff ?? true,
        expireInSeconds: options.expireInSeconds ?? 15 * 60,
        ...sendOptions,
        db: onTransaction(tx),
      });
    },
  };
}

/**
 * Creates the queue unless it exists. Instances starting together against one database race to create the
 * same queues: pg-boss's DDL can then deadlock (PostgreSQL aborts one side) or hit the other's row; both
 * mean "someone else is creating it", so this retries after a short random pause.
 */
async function ensureQueue(boss: PgBoss, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name);
      return;
    } catch (e) {
      const message = (e as Error).message ?? "";
      if (/already exists/i.test(message)) return;
      const raced = /deadlock detected|duplicate key|could not serialize/i.test(message);
      if (!raced || attempt >= 8) throw e;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
    }
  }
}

async function register(boss: PgBoss, def: Registered, work: boolean) {
  await ensureQueue(boss, def.name);
  if (!work) return;
  const concurrency = def.options.concurrency ?? 2;
  for (let i = 0; i < concurrency; i++) {
    await boss.work(def.name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async (jobs) => {
      for (const job of jobs) {
        try {
          await def.handler(job.data);
        } catch (e) {
          log.warn("job failed; pg-boss retries it", { queue: def.name, jobId: job.id, ...errorFields(e) });
          throw e;
        }
      }
    });
  }
}

/** Registers a loop that every working process starts with its queues and stops with them. */
export function defineWorkerLoop(loop: WorkerLoop): WorkerLoop {
  state.loops.set(loop.name, loop);
  if (state.working) loop.start();
  return loop;
}

/** Starts pg-boss on the database; `work` also starts this process's workers. */
export async function startJobs(databaseUrl: string, opts: { work: boolean; poolMax?: number }) {
  if (state.boss) await stopJobs();
  const boss = new PgBoss({ connectionString: databaseUrl, max: opts.poolMax ?? 3, application_name: "weft-jobs", schema: "pgboss" });
  boss.on("error", (e) => log.error("job queue error", errorFields(e)));
  await boss.start();
  state.boss = boss;
  state.working = opts.work;
  for (const def of state.definitions.values()) await register(boss, def, opts.work);
  if (opts.work) for (const loop of state.loops.values()) loop.start();
}

export async function stopJobs() {
  const boss = state.boss;
  state.boss = undefined;
  const wasWorking = state.working;
  state.working = false;
  if (wasWorking) await Promise.all([...state.loops.values()].map((loop) => loop.stop().catch(() => {})));
  await boss?.stop({ graceful: true, timeout: 5000, wait: true }).catch(() => {});
}
