import { EnvError, env } from "./env";
import { DataDirError } from "./embedded-db";
import { errorFields, log } from "./log";
import { startWeft, type StopOptions } from "./start";

// server.mjs (`npm start`) owns the signals: it stops accepting and drains HTTP, then calls __weftStop.
// Without it (`next dev`), start-up stops on the signals itself.
const holder = globalThis as unknown as {
  __weftBooted?: boolean;
  __weftServerOwnsSignals?: boolean;
  __weftStop?: (opts: StopOptions) => Promise<void>;
};

/**
 * Server start-up, run by Next before it serves anything: configuration, database, migrations. A failure
 * stops the process with a clear message instead of leaving a server that answers every request with 500.
 */
export async function bootServer() {
  if (holder.__weftBooted) return;
  holder.__weftBooted = true;
  try {
    const started = await startWeft({ role: "server" });
    log.info("weft ready", {
      database: started.databaseMode,
      migrationsApplied: started.appliedMigrations,
      dataDir: started.databaseMode === "embedded" ? env().WEFT_DATA_DIR : undefined,
    });
    holder.__weftStop = (opts) => started.stop(opts);
    if (holder.__weftServerOwnsSignals) return;
    const shutdown = async (signal: string) => {
      log.info("weft stopping", { signal });
      await started.stop().catch(() => {});
      process.exit(0);
    };
    process.once("SIGTERM", () => void shutdown("SIGTERM"));
    process.once("SIGINT", () => void shutdown("SIGINT"));
  } catch (e) {
    if (e instanceof EnvError || e instanceof DataDirError) console.error(`weft cannot start: ${e.message}`);
    else log.error("weft cannot start", errorFields(e));
    process.exit(1);
  }
}
