import path from "node:path";
import { env } from "./env";
import { startEmbeddedDatabase, runningOwner, ensureWritableDir, type EmbeddedDatabase } from "./embedded-db";
import { deployMigrations } from "./migrate";
import { setRuntime, type DatabaseMode } from "./runtime";
import { resolveSecretKey } from "./secret-key";
import { disconnectDb, transaction } from "./db";
import { log } from "./log";
import { jobModules, startJobs, stopJobs } from "./jobs";
import { startNotifyBus, stopNotifyBus } from "./notify-bus";
import { watchCredentialChanges } from "./credential-cache";
import { startRequestLog, stopRequestLog } from "./request-log-writer";
import { startLive } from "@/lib/live/live-server";
import { resealUnboundSecrets } from "@/lib/domain/operator/reseal-secrets";

export interface Started {
  databaseMode: DatabaseMode;
  databaseUrl: string;
  appliedMigrations: string[];
  stop(opts?: StopOptions): Promise<void>;
}

export interface StopOptions {
  /** Jobs still running at this time (epoch ms) are released instead of awaited (see stopJobs). */
  deadline?: number;
  /** Resolves once the HTTP server has answered its last request: the database stays open until then. */
  drained?: Promise<unknown>;
}

/**
 * Resolves configuration, the database (PostgreSQL, or the embedded PGlite served on a loopback port) and
 * the secret key, then applies pending migrations. The server calls it from instrumentation, the CLI from
 * its entry point. `join` lets the CLI use a running server's embedded database instead of opening the
 * data dir a second time.
 */
export async function startWeft(opts: { role: "server" | "cli"; join?: boolean }): Promise<Started> {
  const e = env();
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl: string;
  let databaseMode: DatabaseMode;
  let secretKey: Buffer;

  if (e.DATABASE_URL) {
    secretKey = resolveSecretKey(e.WEFT_SECRET_KEY, undefined);
    databaseUrl = e.DATABASE_URL;
    databaseMode = "postgresql";
  } else {
    const dataDir = path.resolve(e.WEFT_DATA_DIR);
    ensureWritableDir(dataDir);
    secretKey = resolveSecretKey(e.WEFT_SECRET_KEY, dataDir);
    const owner = opts.join ? runningOwner(dataDir) : undefined;
    if (owner?.databaseUrl) {
      databaseUrl = owner.databaseUrl;
    } else {
      embedded = await startEmbeddedDatabase(dataDir, opts.role);
      databaseUrl = embedded.url;
    }
    databaseMode = "embedded";
  }

  setRuntime({ databaseUrl, databaseMode, secretKey, ready: false });
  let appliedMigrations: string[] = [];
  try {
    appliedMigrations = await deployMigrations(databaseUrl);
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  await startNotifyBus({ databaseUrl });
  watchCredentialChanges();
  if (opts.role === "server") {
    const resealed = await transaction((tx) => resealUnboundSecrets(tx));
    if (resealed) log.info("re-sealed secrets with associated data", { count: resealed });
  }
  await Promise.all(jobModules.map((load) => load()));
  await startJobs({ work: opts.role === "server" });
  if (opts.role === "server") startRequestLog();
  // Live sync starts before the runtime reports ready: server.mjs opens the port (and /live) only then.
  const live = opts.role === "server" ? await startLive() : undefined;
  setRuntime({ databaseUrl, databaseMode, secretKey, ready: true });

  return {
    databaseMode,
    databaseUrl,
    appliedMigrations,
    async stop(opts: StopOptions = {}) {
      await live?.stop();
      await stopJobs({ deadline: opts.deadline });
      await opts.drained;
      // After the drain: the calls answered during it are in the last flush.
      await stopRequestLog();
      await stopNotifyBus();
      await disconnectDb();
      await embedded?.stop();
    },
  };
}
