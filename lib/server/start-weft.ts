import path from "node:path";
import { resealUnboundSecrets } from "@/lib/domain/administration/reseal-secrets";
import { watchCredentialChanges } from "@/lib/infra/credential-cache";
import { disconnectDb, transaction } from "@/lib/infra/db";
import { ensureWritableDir, runningOwner, startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/infra/embedded-db";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { deployMigrations } from "@/lib/infra/migrate";
import { startNotifyBus, stopNotifyBus } from "@/lib/infra/notify-bus";
import { setRuntime, type DatabaseMode } from "@/lib/infra/runtime";
import { resolveSecretKey } from "@/lib/infra/secret-key";
import type { LiveHandle } from "@/lib/live/live-handle";
import { startLive } from "@/lib/live/live-server";
import { startWorkers, stopWorkers } from "./catalog";
import { startObservers } from "./observers";

// THE start-up of a weft process, in order. The server runs it from instrumentation (boot-server.ts), the CLI
// from its entry point (role "cli": no workers, no observers, no live server), tests that restart a server
// as it is. Shutdown runs the steps backwards (`stop`).

export interface Started {
  databaseMode: DatabaseMode;
  databaseUrl: string;
  appliedMigrations: string[];
  /** The live server (role server). */
  live?: LiveHandle;
  stop(opts?: StopOptions): Promise<void>;
}

export interface StopOptions {
  /** Jobs still running at this time (epoch ms) are released instead of awaited (see stopJobs). */
  deadline?: number;
  /** Resolves once the HTTP server has answered its last request: the database stays open until then. */
  drained?: Promise<unknown>;
}

interface Database {
  databaseUrl: string;
  databaseMode: DatabaseMode;
  secretKey: Buffer;
  embedded?: EmbeddedDatabase;
}

/**
 * Configuration and database: PostgreSQL from DATABASE_URL, or the embedded PostgreSQL weft starts on a Unix
 * socket in WEFT_DATA_DIR (`join`: the CLI uses a running server's instead of opening the data dir a second time);
 * the secret key from WEFT_SECRET_KEY or the data dir.
 */
async function openDatabase(role: "server" | "cli", join: boolean): Promise<Database> {
  const e = env();
  if (e.DATABASE_URL) {
    const secretKey = resolveSecretKey(e.WEFT_SECRET_KEY, undefined);
    return { databaseUrl: e.DATABASE_URL, databaseMode: "postgresql", secretKey };
  }
  const dataDir = path.resolve(e.WEFT_DATA_DIR);
  ensureWritableDir(dataDir);
  const secretKey = resolveSecretKey(e.WEFT_SECRET_KEY, dataDir);
  const owner = join ? runningOwner(dataDir) : undefined;
  if (owner?.databaseUrl) return { databaseUrl: owner.databaseUrl, databaseMode: "embedded", secretKey };
  const embedded = await startEmbeddedDatabase(dataDir, role);
  return { databaseUrl: embedded.url, databaseMode: "embedded", secretKey, embedded };
}

export async function startWeft(opts: { role: "server" | "cli"; join?: boolean }): Promise<Started> {
  const server = opts.role === "server";
  // 1. Configuration and database.
  const { databaseUrl, databaseMode, secretKey, embedded } = await openDatabase(opts.role, opts.join ?? false);
  setRuntime({ databaseUrl, databaseMode, secretKey, ready: false });

  // 2. Migrations.
  let appliedMigrations: string[] = [];
  try {
    appliedMigrations = await deployMigrations(databaseUrl);
  } catch (err) {
    await embedded?.stop();
    throw err;
  }

  // 3. Notify bus, and the credential cache that listens on it from the first request on.
  await startNotifyBus({ databaseUrl });
  watchCredentialChanges();
  if (server) {
    const resealed = await transaction((tx) => resealUnboundSecrets(tx));
    if (resealed) log.info("re-sealed secrets with associated data", { count: resealed });
  }

  // 4. Workers (the CLI only enqueues).
  if (server) await startWorkers();

  // 5. Observers of answered API calls (metrics, log line, request log).
  const stopObservers = server ? startObservers() : async () => {};

  // 6. Live server: before the runtime reports ready, since server.mjs opens the port (and /live) only then.
  const live = server ? await startLive() : undefined;
  setRuntime({ databaseUrl, databaseMode, secretKey, ready: true });

  return {
    databaseMode,
    databaseUrl,
    appliedMigrations,
    live,
    async stop(opts: StopOptions = {}) {
      await live?.stop();
      await stopWorkers({ deadline: opts.deadline });
      await opts.drained;
      // After the drain: the calls answered during it are in the last flush.
      await stopObservers();
      await stopNotifyBus();
      await disconnectDb();
      await embedded?.stop();
    },
  };
}
