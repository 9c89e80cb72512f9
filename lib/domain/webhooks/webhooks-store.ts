import type { Reader } from "@/lib/infra/db";

// Raw SQL of the webhook area's console reads.

export interface EndpointAttemptStats {
  endpointId: string;
  lastSuccessAt: Date | null;
  lastAttemptAt: Date | null;
  attempts: number;
  failures: number;
}

/** Per endpoint of the key: the last success and last attempt ever, and attempts / failures since `since`. */
export async function endpointAttemptStats(tx: Reader, apiKeyId: string, since: Date): Promise<EndpointAttemptStats[]> {
  const rows = await tx.$queryRaw<
    { endpointId: string; lastSuccessAt: Date | null; lastAttemptAt: Date | null; attempts: number; failures: number }[]
  >`
    SELECT "endpointId",
           max("createdAt") FILTER (WHERE "status" = 'success') AS "lastSuccessAt",
           max("createdAt") AS "lastAttemptAt",
           count(*) FILTER (WHERE "createdAt" >= ${since})::int AS "attempts",
           count(*) FILTER (WHERE "createdAt" >= ${since} AND "status" <> 'success')::int AS "failures"
    FROM "WebhookAttempt"
    WHERE "apiKeyId" = ${apiKeyId} AND "endpointId" IS NOT NULL
    GROUP BY "endpointId"`;
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts), failures: Number(r.failures) }));
}

export interface AttemptBucket {
  /** Start of the bucket (ISO). */
  at: string;
  succeeded: number;
  failed: number;
}

/** One endpoint's attempts since `since`, per `unit` (hour or day, UTC), oldest first, every bucket present. */
export async function endpointAttemptSeries(
  tx: Reader,
  apiKeyId: string,
  endpointId: string,
  since: Date,
  unit: "hour" | "day",
  now = new Date(),
): Promise<AttemptBucket[]> {
  const rows = await tx.$queryRaw<{ at: Date; succeeded: number; failed: number }[]>`
    SELECT date_trunc(${unit}, "createdAt") AS "at",
           count(*) FILTER (WHERE "status" = 'success')::int AS "succeeded",
           count(*) FILTER (WHERE "status" <> 'success')::int AS "failed"
    FROM "WebhookAttempt"
    WHERE "apiKeyId" = ${apiKeyId} AND "endpointId" = ${endpointId} AND "createdAt" >= ${since}
    GROUP BY 1`;
  const step = unit === "hour" ? 3600_000 : 24 * 3600_000;
  const counted = new Map(rows.map((r) => [new Date(r.at).getTime(), r]));
  const buckets: AttemptBucket[] = [];
  for (let t = Math.floor(since.getTime() / step) * step; t <= now.getTime(); t += step) {
    const r = counted.get(t);
    buckets.push({
      at: new Date(t).toISOString(),
      succeeded: Number(r?.succeeded ?? 0),
      failed: Number(r?.failed ?? 0),
    });
  }
  return buckets;
}
