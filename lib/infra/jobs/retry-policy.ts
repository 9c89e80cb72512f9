import { env } from "../env";

// How long after a failed attempt the next one runs. Every kind of background work declares its policy beside
// its definition (defineJob's `retry`, the event dispatcher's, the webhook deliveries'); this file only reads
// them. `delaysMs[n - 1]` follows the n-th failed attempt; when the list runs out the work has failed for good,
// unless `repeatLast` keeps retrying at the last delay. `scaled` policies are multiplied by
// WEFT_WEBHOOK_RETRY_SCALE so tests can run a whole schedule in seconds.

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

export interface RetryPolicy {
  readonly delaysMs: readonly number[];
  readonly repeatLast?: boolean;
  readonly scaled?: boolean;
}

/** The delay before the next attempt after `attemptsMade` failed ones, or undefined when none is left. */
export function retryDelayMs(policy: RetryPolicy, attemptsMade: number): number | undefined {
  const last = policy.repeatLast ? policy.delaysMs[policy.delaysMs.length - 1] : undefined;
  const delay = policy.delaysMs[attemptsMade - 1] ?? last;
  if (delay === undefined) return undefined;
  return policy.scaled ? delay * env().WEFT_WEBHOOK_RETRY_SCALE : delay;
}

/** How many attempts the policy gives in all (Infinity for policies that repeat). */
export function maxAttempts(policy: RetryPolicy): number {
  return policy.repeatLast ? Infinity : policy.delaysMs.length + 1;
}
