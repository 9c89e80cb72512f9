import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { processSlot } from "../process-state";
import { RequestSeries } from "./request-series";
import { collectDatabasePool, collectJobQueue, collectLiveConnections } from "./scrape-gauges";

// The process's one Prometheus registry and its instruments (GET /api/metrics). Labels are bounded: registry
// paths, HTTP status codes, job kinds, fixed outcome words; never ids, tokens or URLs.

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new RequestSeries(SECONDS_BUCKETS);
  requests.register(registry);
  return {
    registry,
    requests,
    webhookAttempts: new Counter({
      name: "weft_webhook_attempts_total",
      help: "Webhook delivery attempts made by this process, by target (endpoint|simple) and outcome.",
      labelNames: ["target", "outcome"] as const,
      registers,
    }),
    webhookDuration: new Histogram({
      name: "weft_webhook_attempt_duration_seconds",
      help: "Time from sending a webhook to its answer (or failure), by outcome.",
      labelNames: ["outcome"] as const,
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    emails: new Counter({
      name: "weft_emails_total",
      help: "Mails handled by this process, by transport (sendgrid|outbox) and outcome (sent|stored|failed).",
      labelNames: ["transport", "outcome"] as const,
      registers,
    }),
    jobs: new Gauge({
      name: "weft_jobs",
      help: "Background jobs in the Job table (whole database), by kind and state (pending|running|failed).",
      labelNames: ["kind", "state"] as const,
      registers,
      collect: (): Promise<void> => collectJobQueue(metrics()),
    }),
    jobOldestAge: new Gauge({
      name: "weft_job_oldest_due_age_seconds",
      help: "How long the oldest pending job that is due has waited (whole database), by kind; 0 when none.",
      labelNames: ["kind"] as const,
      registers,
      collect: (): Promise<void> => collectJobQueue(metrics()),
    }),
    liveConnections: new Gauge({
      name: "weft_live_connections",
      help: "Open live-collaboration WebSocket connections of this process.",
      registers,
      collect: (): void => collectLiveConnections(metrics()),
    }),
    dbPool: new Gauge({
      name: "weft_db_pool_connections",
      help: "Database pool connections of this process, by state (in_use|idle|waiting requests|max).",
      labelNames: ["state"] as const,
      registers,
      collect: (): void => collectDatabasePool(metrics()),
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

// Process-wide: the workers (start-up's module graph) and the routes (the dispatcher, /api/metrics) count into,
// and are read from, the same registry.
export function metrics(): Metrics {
  return processSlot("metrics", createMetrics);
}
