import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import { hasSuccessfulCall, readUsage } from "./usage-store";

// A key's usage per UTC day over the last `days` days (oldest first, every day present, zeros included).

export const usageMetrics = [
  "apiCalls",
  "apiErrors",
  "documents",
  "users",
  "notifications",
  "webhookDeliveries",
  "emails",
  "liveConnections",
] as const;
export type UsageMetric = (typeof usageMetrics)[number];

export const getUsageInput = z.strictObject({ days: z.number().int().min(1).max(90).default(30) });

export type UsageDayRow = { day: string } & Record<UsageMetric, number>;

const DAY_MS = 24 * 3600_000;

export async function getUsage(
  scope: ApiKeyScope,
  input: z.input<typeof getUsageInput>,
  tx: Reader,
  now = new Date(),
): Promise<{ days: UsageDayRow[] }> {
  const { days } = getUsageInput.parse(input);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY_MS);
  const byDay = new Map<string, UsageDayRow>();
  for (let i = 0; i < days; i++) {
    const day = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    byDay.set(day, { day, ...(Object.fromEntries(usageMetrics.map((m) => [m, 0])) as Record<UsageMetric, number>) });
  }
  for (const c of await readUsage(tx, scope.apiKeyId, since)) {
    const row = byDay.get(c.day);
    if (row && (usageMetrics as readonly string[]).includes(c.metric)) row[c.metric as UsageMetric] += c.count;
  }
  return { days: [...byDay.values()] };
}

/** For the getting-started check: has the key answered a successful call yet? */
export async function getFirstCallStatus(scope: ApiKeyScope, tx: Reader): Promise<{ succeeded: boolean }> {
  return { succeeded: await hasSuccessfulCall(tx, scope.apiKeyId) };
}
