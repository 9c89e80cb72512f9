import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "./env";
import { errorFields, log } from "./log";
import { runtime } from "./runtime";

// One Prisma client per process, over adapter-pg in both modes: a real PostgreSQL, or the embedded PGlite
// that start-up serves on a loopback socket. Created lazily: `next build` imports route modules and must
// not connect.

export type Db = PrismaClient;
/** The client or an interactive-transaction client: domain services take either. */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

const holder = globalThis as unknown as { __weftPrisma?: { url: string; client: PrismaClient } };

export function db(): PrismaClient {
  const { databaseUrl, databaseMode } = runtime();
  if (holder.__weftPrisma?.url === databaseUrl) return holder.__weftPrisma.client;
  const embedded = databaseMode === "embedded";
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: databaseUrl, max: embedded ? 5 : poolMax() }),
    // PGlite runs one transaction at a time; waiting for a turn is normal there.
    transactionOptions: { maxWait: embedded ? 15_000 : 5_000, timeout: 15_000 },
  });
  withCommitHooks(client);
  holder.__weftPrisma = { url: databaseUrl, client };
  return client;
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

/** Runs `fn` in one transaction: a failed call writes nothing. */
export function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db().$transaction((tx) => fn(tx));
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
