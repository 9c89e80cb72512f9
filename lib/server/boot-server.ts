import { serveMetricsPortFromEnv } from "@/lib/api/metrics-port";
import { apiFastPath } from "@/lib/api/node-handler";
import { DataDirError } from "@/lib/infra/embedded-db";
import { EnvError, env } from "@/lib/infra/env";
import { errorFields, log } from "@/lib/infra/log";
import { serverHandle } from "./server-handle";
import { startWeft } from "./start-weft";

/**
 * The server's start-up, run by Next's instrumentation (instrumentation-node.ts) before it serves anything:
 * startWeft, then the handle server.mjs waits for (server-handle.ts). A failure stops the process with a clear
 * message instead of leaving a server that answers every request with 500.
 */
export async function bootServer() {
  const handle = serverHandle();
  if (handle.booted) return;
  handle.booted = true;
  try {
    const started = await startWeft({ role: "server" });
    log.info("weft ready", {
      database: started.databaseMode,
      migrationsApplied: started.appliedMigrations,
      dataDir: started.databaseMode === "embedded" ? env().WEFT_DATA_DIR : undefined,
    });
    handle.api = apiFastPath();
    handle.live = started.live;
    handle.stop = (opts) => started.stop(opts);
    handle.ready = true;
    await serveMetricsPortFromEnv();
    if (handle.ownsSignals) return;
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
