import { metrics } from "./registry";

// Outcomes counted in the process that produced them, where they are recorded: each instance counts its own
// attempts and Prometheus sums the instances. Counting rows at scrape time instead would report every
// attempt once per instance, and would go down when old rows are pruned, which a counter must never do.

/** success: a 2xx answer; http_error: any other answer; no_response: timeout, refused address, network. */
export function countWebhookAttempt(
  target: "endpoint" | "simple",
  outcome: { ok: boolean; statusCode: number; durationMs: number },
) {
  const word = outcome.ok ? "success" : outcome.statusCode === 0 ? "no_response" : "http_error";
  const m = metrics();
  m.webhookAttempts.labels(target, word).inc();
  m.webhookDuration.labels(word).observe(outcome.durationMs / 1000);
}

export function countMail(result: { transport: string; status: string }) {
  metrics().emails.labels(result.transport, result.status).inc();
}
