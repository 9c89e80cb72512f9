import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "./env";
import { errorFields, log } from "./log";
import { runtime } from "./runtime";

// One Prisma client per process, over adapter-pg, to PostgreSQL: an external server (DATABASE_URL) or the
// embedded one weft starts (lib/infra/embedded-postgres.ts); the same code path for both. Created lazily:
// `next build` imports route modules and must not connect.

/** The process's client. Only infra, start-up and `transaction()` hold it; domain code never does. */
export type Db = PrismaClient;
type Client = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;
type ReadMethod =
  | "findUnique"
  | "findUniqueOrThrow"
  | "findFirst"
  | "findFirstOrThrow"
  | "findMany"
  | "count"
  | "aggregate"
  | "groupBy";
/**
 * What read-only code takes: the client or a transaction (both fit). It has only the models' read methods
 * and `$queryRaw`, so code holding a Reader cannot write: a write needs a Tx.
 */
export type Reader = {
  readonly [M in keyof Client as M extends `$${string}` ? never : M]: Pick<
    Client[M],
    Extract<keyof Client[M], ReadMethod>
  >;
} & Pick<Client, "$queryRaw">;
declare const inTransaction: unique symbol;
/**
 * An open transaction: only `transaction()` (and `commitInChunks`) make one. Branded, so handing the client
 * to code that requires a Tx does not compile: a verb that takes a Tx knows its writes are atomic.
 */
export type Tx = Client & { readonly [inTransaction]: true };

const holder = globalThis as unknown as { __weftPrisma?: { url: string; client: PrismaClient; pool: pg.Pool } };

export function db(): PrismaClient {
  const { databaseUrl } = runtime();
  if (holder.__weftPrisma?.url === databaseUrl) return holder.__weftPrisma.client;
  // Our own pool (the adapter ends it on $disconnect) so that metrics can read its in-use/idle counts.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax() });
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, {
      disposeExternalPool: true,
      statementNameGenerator: preparedStatementName as (query: { sql: string }) => string,
    }),
    transactionOptions: { maxWait: 5_000, timeout: 15_000 },
  });
  withCommitHooks(client);
  holder.__weftPrisma = { url: databaseUrl, client, pool };
  return client;
}

/** Connections of the process's pool right now; undefined before the first query opened the client. */
export function poolStats(): { total: number; idle: number; waiting: number; max: number } | undefined {
  const pool = holder.__weftPrisma?.pool;
  if (!pool) return undefined;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

const PREPARED = /^\/\* prepared:([a-z0-9_]+) \*\//;

/**
 * The hottest reads start their SQL with `/* prepared:<name> *\/` (in their area's store file): on PostgreSQL
 * they become named prepared statements, parsed and planned once per pooled connection instead of on every
 * call. Every other statement stays unnamed: naming all would grow each connection's statement cache with
 * every distinct text (IN lists of every length, ...).
 */
export function preparedStatementName(query: { sql: string }): string | undefined {
  return PREPARED.exec(query.sql)?.[1];
}

// On globalThis like the client: Next compiles route handlers and instrumentation into separate module graphs,
// and the client patched by one graph's copy of this file serves transactions opened from the other's.
const hookHolder = globalThis as unknown as { __weftCommitHooks?: WeakMap<object, (() => void)[]> };
const commitHooks = (hookHolder.__weftCommitHooks ??= new WeakMap());

// Every interactive transaction of the client, whoever opens it, runs the afterCommit hooks registered on it.
function withCommitHooks(client: PrismaClient) {
  const original = client.$transaction.bind(client) as (arg: unknown, options?: unknown) => Promise<unknown>;
  const patched = async (arg: unknown, options?: unknown) => {
    if (typeof arg !== "function") return original(arg, options);
    const hooks: (() => void)[] = [];
    const run = arg as (tx: Tx) => Promise<unknown>;
    const result = await original((tx: Tx) => {
      commitHooks.set(tx, hooks);
      return run(tx);
    }, options);
    for (const hook of hooks) {
      try {
        hook();
      } catch (e) {
        log.error("after-commit hook failed", errorFields(e));
      }
    }
    return result;
  };
  Object.defineProperty(client, "$transaction", { value: patched, configurable: true, writable: true });
}

function poolMax(): number {
  return env().DATABASE_POOL_MAX;
}

export async function disconnectDb() {
  const current = holder.__weftPrisma;
  holder.__weftPrisma = undefined;
  await current?.client.$disconnect();
}

/**
 * THE way to open a transaction (dispatcher, console actions, workers): runs `fn` in one transaction, so a
 * failed call writes nothing. Hooks registered with `afterCommit` run once it has committed.
 */
export function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db().$transaction((tx) => fn(tx as unknown as Tx));
}

/**
 * For the few operations too big for one transaction (a long document migration, a fan-out to thousands of
 * recipients): calls `chunk` again and again, each call in a transaction of its own, with the cursor the
 * previous call returned, until one returns `undefined`. Each chunk commits on its own, so a crash leaves the
 * earlier chunks committed: `chunk` must be idempotent (a retry from the start redoes only what is missing).
 */
export async function commitInChunks<C>(first: C, chunk: (tx: Tx, cursor: C) => Promise<C | undefined>): Promise<void> {
  for (let cursor: C | undefined = first; cursor !== undefined;) {
    const current: C = cursor;
    cursor = await transaction((tx) => chunk(tx, current));
  }
}

/** True for an interactive transaction client, false for the client itself. */
export function isTransaction(tx: Tx): boolean {
  return commitHooks.has(tx);
}

/**
 * Runs `fn` once the interactive transaction `tx` has committed; never if it rolls back. Returns false when
 * `tx` is not an open interactive transaction (the client itself, for instance).
 */
export function afterCommit(tx: Tx, fn: () => void): boolean {
  const hooks = commitHooks.get(tx);
  if (!hooks) return false;
  hooks.push(fn);
  return true;
}
