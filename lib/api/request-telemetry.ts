import type { Counter, Histogram } from "prom-client";
import { log, logEnabled } from "@/lib/infra/log";
import { metrics } from "@/lib/infra/metrics/registry";
import { observeRequests, type ObservedRequest } from "./request-observers";

// What every answered API call leaves behind for operators: a count and a duration in the Prometheus registry,
// and one JSON log line at info level (docs/operations/metrics.md and logs.md). Both run on the request path:
// the labelled series are looked up once per operation and status and then reused, so a call costs a counter
// increment, a histogram observe and, when info is logged, the line.

interface OperationSeries {
  duration: Histogram.Internal<"operation">;
  byStatus: Map<number, Counter.Internal>;
}

function seriesCache() {
  const m = metrics();
  const cache = new Map<string, OperationSeries>();
  return (operation: string, status: number) => {
    let op = cache.get(operation);
    if (!op) {
      op = { duration: m.httpDuration.labels(operation), byStatus: new Map() };
      cache.set(operation, op);
    }
    let counter = op.byStatus.get(status);
    if (!counter) {
      counter = m.httpRequests.labels(operation, String(status));
      op.byStatus.set(status, counter);
    }
    return { counter, duration: op.duration };
  };
}

function recorder() {
  const series = seriesCache();
  return (r: ObservedRequest) => {
    const { counter, duration } = series(r.operation, r.httpStatus);
    counter.inc();
    duration.observe(r.durationMs / 1000);
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

const holder = globalThis as unknown as { __weftRequestTelemetry?: boolean };

/** Subscribes the metrics and the request log to every answered API call, once per process. */
export function recordRequestTelemetry() {
  if (holder.__weftRequestTelemetry) return;
  holder.__weftRequestTelemetry = true;
  observeRequests(recorder());
}
