import { env } from "./env";

// THE retry-policy table: for every kind of background work, how long after a failed attempt the next one runs.
// `delaysMs[n - 1]` follows the n-th failed attempt; when the list runs out the work has failed for good, unless
// `repeatLast` keeps retrying at the last delay. `scaled` policies are multiplied by WEFT_WEBHOOK_RETRY_SCALE so
// tests can run a whole schedule in seconds.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface RetryPolicy {
  delaysMs: readonly number[];
  repeatLast?: boolean;
  scaled?: boolean;
}

export const retryPolicies = {
  /** Standard Webhooks: immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (eight attempts). */
  "webhooks.delivery": {
    delaysMs: [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
    scaled: true,
  },
  /** SendGrid 429/5xx and network failures; any other answer fails the send at once. */
  "email.trigger-send": { delaysMs: [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE], scaled: true },
  "documents.migrate": { delaysMs: [5 * SECOND, 10 * SECOND, 20 * SECOND] },
  "notifications.fanout": { delaysMs: [5 * SECOND, 10 * SECOND, 20 * SECOND, 40 * SECOND, 80 * SECOND] },
  "agents.execute": { delaysMs: [5 * SECOND, 10 * SECOND] },
  /** GDPR erase: progress is kept per chunk, so a retry only continues; it must end, so it keeps trying. */
  "users.erase": { delaysMs: [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE], repeatLast: true },
  /** Periodic: after this one retry, the sweep waits for its next turn (lib/domain/usage/sweep-job.ts). */
  "usage.sweep": { delaysMs: [30 * SECOND] },
  /** Hourly sweeps (lib/infra/prune-jobs.ts): one retry, then the next turn. */
  "jobs.prune": { delaysMs: [30 * SECOND] },
  "idempotency.prune": { delaysMs: [30 * SECOND] },
  /** A failing event consumer holds back the later events of its document, so it is retried without end. */
  "events.dispatch": { delaysMs: [1, 2, 4, 8, 16, 32, 60].map((s) => s * SECOND), repeatLast: true },
} satisfies Record<string, RetryPolicy>;

/** Kinds without an entry (tests' own jobs) retry twice, after 1 s and 5 s. */
const FALLBACK: RetryPolicy = { delaysMs: [1 * SECOND, 5 * SECOND] };

export function retryPolicy(kind: string): RetryPolicy {
  return (retryPolicies as Record<string, RetryPolicy>)[kind] ?? FALLBACK;
}

/** The delay before the next attempt after `attemptsMade` failed ones, or undefined when none is left. */
export function retryDelayMs(kind: string, attemptsMade: number): number | undefined {
  const p = retryPolicy(kind);
  const delay = p.delaysMs[attemptsMade - 1] ?? (p.repeatLast ? p.delaysMs[p.delaysMs.length - 1] : undefined);
  if (delay === undefined) return undefined;
  return p.scaled ? delay * env().WEFT_WEBHOOK_RETRY_SCALE : delay;
}

/** How many attempts a kind gets in all (Infinity for policies that repeat). */
export function maxAttempts(kind: string): number {
  const p = retryPolicy(kind);
  return p.repeatLast ? Infinity : p.delaysMs.length + 1;
}
