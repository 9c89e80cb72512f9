import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { env } from "./env";
import { errorFields, log } from "./log";
import { processSlot } from "./process-state";
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

const holder = processSlot("prisma", () => ({}) as { current?: { url: string; client: PrismaClient; pool: pg.Pool } });

export function db(): PrismaClient {
  const { databaseUrl } = runtime();
  if (holder.current?.url === databaseUrl) return holder.current.client;
  // Our own pool (the adapter ends it on $disconnect) so that metrics can read its in-use/idle counts.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax() });
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    transactionOptions: { maxWait: 5_000, timeout: 15_000 },
  });
  withCommitHooks(client);
  holder.current = { url: databaseUrl, client, pool };
  return client;
}

/** Connections of the process's pool right now; undefined before the first query opened the client. */
export function poolStats(): { total: number; idle: number; waiting: number; max: number } | undefined {
  const pool = holder.current?.pool;
  if (!pool) return undefined;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

// As $queryRaw returns them: timestamp(3) columns hold UTC (Prisma writes and reads them so), whatever the process's
// time zone; bytea as a plain Uint8Array (a view of pg's Buffer), also in arrays.
const asBytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
const parseBytea = pg.types.getTypeParser(17, "text") as (text: string) => Buffer;
const parseByteaArray = pg.types.getTypeParser(1001 as 17, "text") as unknown as (text: string) => (Buffer | null)[];
const PARSERS: Record<number, (text: string) => unknown> = {
  1114: (text) => new Date(`${text.replace(" ", "T")}Z`),
  17: (text) => asBytes(parseBytea(text)),
  1001: (text) => parseByteaArray(text).map((b) => b && asBytes(b)),
};
const preparedTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    (format !== "binary" && PARSERS[oid]) || pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * The hottest reads (Get Workspace, Get Users, Get Documents, Get CRDT Data) run here, one statement each in
 * their area's store file: as a named prepared statement (parsed and planned once per pooled connection), on the
 * client's pool directly. Prisma's raw-query path around a single statement (its request pipeline, argument and
 * result mapping) cost more per call than the statement itself (bench/README.md). The rows come as $queryRaw
 * returns them for the types these statements read (text, boolean, json parsed, bytea as bytes, arrays,
 * timestamps as UTC Dates). Inside a transaction the statement runs on the transaction's connection, unnamed.
 * A name is one statement text: each variant of a query (filters that change the plan) has its own.
 */
export async function preparedRead<T>(reader: Reader, name: string, query: Prisma.Sql): Promise<T[]> {
  if (isTransaction(reader as Tx)) return reader.$queryRaw<T[]>(query);
  db(); // opens the pool on first use
  const values = query.values.map((v) => (v instanceof Date ? v.toISOString() : v));
  const result = await holder.current!.pool.query({ name, text: query.text, values, types: preparedTypes });
  return result.rows as T[];
}

// Process-wide like the client: the client patched by one module graph's copy of this file serves
// transactions opened from the other's.
const commitHooks = processSlot("commitHooks", () => new WeakMap<object, (() => void)[]>());

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
  const current = holder.current;
  holder.current = undefined;
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
