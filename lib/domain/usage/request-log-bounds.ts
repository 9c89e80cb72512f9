// How much of a key's traffic the request log keeps (the sweep enforces it; reads never show more).
export const REQUEST_LOG_PER_KEY = 1000;
export const REQUEST_LOG_MAX_AGE_MS = 7 * 24 * 3600_000;
/** Daily counters are small; they stay long enough for the usage chart and the getting-started check. */
export const USAGE_MAX_AGE_MS = 400 * 24 * 3600_000;
