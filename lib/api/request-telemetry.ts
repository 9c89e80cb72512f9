import { log, logEnabled } from "@/lib/infra/log";
import { metrics } from "@/lib/infra/metrics/registry";
import { observeRequests, type ObservedRequest } from "./request-observers";

// What every answered API call leaves behind for operators: a count and a duration in the Prometheus registry,
// and one JSON log line at info level (docs/operations/metrics.md and logs.md). Both run on the request path:
// recording is a few additions (lib/infra/metrics/request-series.ts); the line is built only when info is
// logged.

function recorder() {
  const requests = metrics().requests;
  return (r: ObservedRequest) => {
    requests.record(r.operation, r.httpStatus, r.durationMs / 1000);
    if (!logEnabled("info")) return;
    log.info("request", {
      operation: r.operation,
      status: r.httpStatus,
      errorStatus: r.errorStatus,
      durationMs: Math.round(r.durationMs * 10) / 10,
      requestId: r.requestId,
      apiKeyId: r.apiKeyId,
      workspaceId: r.workspaceId,
    });
  };
}

/** Subscribes the metrics and the request log line to every answered API call; returns the unsubscribe. */
export function recordRequestTelemetry(): () => void {
  return observeRequests(recorder());
}
