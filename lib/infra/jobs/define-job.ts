import type { z } from "zod";
import type { Db, Tx } from "../db";
import { newId } from "../ids";
import { publish } from "../notify-bus";
import type { RetryPolicy } from "./retry-policy";

// A job kind is a value, defined in the area that owns the work and listed in the catalog of lib/server
// (lib/server/catalog.ts): nothing registers itself on import. A job is a row of the Job table, written inside
// the transaction of the change that caused it (so it exists only if that change commits); the same
// transaction NOTIFYs `weft_jobs` so that workers wake at commit (job-worker.ts).

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

/** What the job worker knows of a kind. */
export interface JobKind {
  readonly kind: string;
  /** After a failed attempt (the handler threw), when the next runs; none left: the job fails. */
  readonly retry: RetryPolicy;
  /** How many jobs of this kind one process runs at a time. */
  readonly concurrency: number;
  /** How long a claimed job may run before another process may take it over. */
  readonly leaseSeconds: number;
  /** Periodic kinds: one row that goes back to pending `everyMs` after each run (definePeriodicJob). */
  readonly everyMs?: number;
  /** Checks the stored payload against the kind's schema, then runs the handler. */
  run(payload: unknown, ctx: JobContext): Promise<void>;
}

export interface Job<Input> extends JobKind {
  /** Writes the job in `tx`: it runs once `tx` has committed, never if it rolls back. */
  enqueue(tx: Tx, payload: Input, options?: { runAt?: Date }): Promise<string>;
}

interface Definition<S extends z.ZodType> {
  kind: string;
  payload: S;
  retry: RetryPolicy;
  run(payload: z.output<S>, ctx: JobContext): Promise<void>;
  concurrency?: number;
  leaseSeconds?: number;
}

const DEFAULT_CONCURRENCY = 2;
const DEFAULT_LEASE_SECONDS = 15 * 60;

function runParsed<S extends z.ZodType>(def: Definition<S>) {
  return async (payload: unknown, ctx: JobContext) => {
    const parsed = def.payload.safeParse(payload);
    if (!parsed.success) throw new FinalJobFailure(`${def.kind}: the stored payload does not fit its schema`);
    await def.run(parsed.data, ctx);
  };
}

export function defineJob<S extends z.ZodType<object>>(def: Definition<S>): Job<z.input<S>> {
  const kind = def.kind;
  return {
    kind,
    retry: def.retry,
    concurrency: def.concurrency ?? DEFAULT_CONCURRENCY,
    leaseSeconds: def.leaseSeconds ?? DEFAULT_LEASE_SECONDS,
    run: runParsed(def),
    async enqueue(tx, payload, options) {
      const id = newId("job");
      const now = new Date();
      await tx.job.create({
        data: { id, kind, payload: payload as object, runAt: options?.runAt ?? now, createdAt: now },
      });
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
export function definePeriodicJob(def: {
  kind: string;
  everyMs: number;
  retry: RetryPolicy;
  run(ctx: JobContext): Promise<void>;
}): JobKind {
  return {
    kind: def.kind,
    retry: def.retry,
    concurrency: 1,
    leaseSeconds: DEFAULT_LEASE_SECONDS,
    everyMs: def.everyMs,
    run: (_payload, ctx) => def.run(ctx),
  };
}
