import { env } from "@/lib/infra/env";
import { HOUR, MINUTE, retryDelayMs as policyDelayMs, SECOND, type RetryPolicy } from "@/lib/infra/jobs/retry-policy";

// Webhook deliveries follow the Standard Webhooks schedule. WEFT_WEBHOOK_RETRY_SCALE multiplies its delays and
// the time after which a failing endpoint is disabled, so tests can run the whole schedule in seconds.

/** Immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (eight attempts). */
export const webhookDeliveryRetry: RetryPolicy = {
  delaysMs: [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
  scaled: true,
};

/** An endpoint whose every attempt has failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600_000;

/** The delay before the next attempt after `attemptsMade` attempts, or undefined when none is left. */
export function retryDelayMs(attemptsMade: number): number | undefined {
  return policyDelayMs(webhookDeliveryRetry, attemptsMade);
}

export function disableAfterMs(): number {
  return DISABLE_AFTER_FAILING_MS * env().WEFT_WEBHOOK_RETRY_SCALE;
}
