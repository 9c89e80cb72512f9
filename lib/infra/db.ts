import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "./env";
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
  holder.__weftPrisma = { url: databaseUrl, client };
  return client;
}

function poolMax(): number {
  return env().DATABASE_POOL_MAX;
}

export async function disconnectDb() {
  const current = holder.__weftPrisma;
  holder.__weftPrisma = undefined;
  await current?.client.$disconnect();
}

const commitHooks = new WeakMap<object, (() => void)[]>();

/** Runs `fn` in one transaction: a failed call writes nothing. */
export async function transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = [];
  const result = await db().$transaction((tx) => {
    commitHooks.set(tx, hooks);
    return fn(tx);
  });
  for (const hook of hooks) hook();
  return result;
}

/**
 * Runs `fn` once the transaction `tx` (opened by `transaction()`) has committed; never if it rolls back.
 * Returns false when `tx` is not such a transaction.
 */
export function afterCommit(tx: Tx, fn: () => void): boolean {
  const hooks = commitHooks.get(tx);
  if (!hooks) return false;
  hooks.push(fn);
  return true;
}
