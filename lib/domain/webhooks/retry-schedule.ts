import { env } from "@/lib/infra/env";

// When a failed delivery is tried again, counted from the previous attempt: 5 s, 5 min, 30 min, 2 h, 5 h,
// 10 h, 10 h (eight attempts in all). WEFT_WEBHOOK_RETRY_SCALE multiplies every delay, and the time after
// which a failing endpoint is disabled, so tests can run the whole schedule in seconds.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

/** An endpoint whose every attempt has failed for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * HOUR;

/** The delay before the next attempt after `attemptsMade` attempts, or undefined when none is left. */
export function retryDelayMs(attemptsMade: number): number | undefined {
  const delay = RETRY_DELAYS_MS[attemptsMade - 1];
  return delay === undefined ? undefined : delay * env().WEFT_WEBHOOK_RETRY_SCALE;
}

export function disableAfterMs(): number {
  return DISABLE_AFTER_FAILING_MS * env().WEFT_WEBHOOK_RETRY_SCALE;
}
