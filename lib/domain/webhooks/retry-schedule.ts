import { env } from "@/lib/infra/env";
import { retryDelayMs as policyDelayMs } from "@/lib/infra/retry-policies";

// Webhook deliveries follow the retry policy `webhooks.delivery` (lib/infra/retry-policies.ts: the Standard
// Webhooks schedule). WEFT_WEBHOOK_RETRY_SCALE multiplies its delays and the time after which a failing
// endpoint is disabled, so tests can run the whole schedule in seconds.

/** An endpoint whose every attempt has failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600_000;

/** The delay before the next attempt after `attemptsMade` attempts, or undefined when none is left. */
export function retryDelayMs(attemptsMade: number): number | undefined {
  return policyDelayMs("webhooks.delivery", attemptsMade);
}

export function disableAfterMs(): number {
  return DISABLE_AFTER_FAILING_MS * env().WEFT_WEBHOOK_RETRY_SCALE;
}
