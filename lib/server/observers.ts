import { observeRequests } from "@/lib/api/request-observers";
import { recordRequestTelemetry } from "@/lib/api/request-telemetry";
import { logRequest, startFlushingRequestLog, stopFlushingRequestLog } from "@/lib/domain/usage/request-log-writer";

// What listens to every answered API call in a server process: the Prometheus counters and the JSON request
// log line (lib/api/request-telemetry.ts), and the console's request log (lib/domain/usage/request-log-writer.ts).

let unsubscribeRequestLog: (() => void) | undefined;

/** The console's request log: every answered call of a key from now on, flushed in batches. */
export function startRequestLog() {
  if (unsubscribeRequestLog) return;
  unsubscribeRequestLog = observeRequests(logRequest);
  startFlushingRequestLog();
}

/** Stops logging and writes what is left (best-effort). */
export async function stopRequestLog() {
  unsubscribeRequestLog?.();
  unsubscribeRequestLog = undefined;
  await stopFlushingRequestLog();
}

/** Start-up: every observer; returns the stop, which flushes the request log. */
export function startObservers(): () => Promise<void> {
  const stopTelemetry = recordRequestTelemetry();
  startRequestLog();
  return async () => {
    stopTelemetry();
    await stopRequestLog();
  };
}
