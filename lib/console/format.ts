// Formatting shared by server-rendered pages and client components; deterministic, so hydration matches.

const DIGITS = { minute: 16, second: 19, ms: 23 } as const;

/** "2026-05-01 14:03 UTC", "2026-05-01 14:03:05 UTC" to the second, "2026-05-01 14:03:05.123 UTC" to the ms. */
export function formatTime(value: string | Date, precision: keyof typeof DIGITS = "minute"): string {
  return `${new Date(value).toISOString().slice(0, DIGITS[precision]).replace("T", " ")} UTC`;
}

/** Trims text fields and leaves out empty ones, so optional schema fields read as absent. */
export function withoutBlanks<T extends Record<string, unknown>>(values: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const value = typeof v === "string" ? v.trim() : v;
    if (value !== "" && value !== undefined) out[k] = value;
  }
  return out as Partial<T>;
}

/**
 * "a.com, b.com\nc.com" -> ["a.com", "b.com", "c.com"]. Only commas and line breaks separate entries: spaces
 * stay inside one, so "not a domain!!" is one (invalid) entry, never the domains "not" and "a".
 */
export function splitList(text: string): string[] {
  return text
    .split(/[,\n]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
