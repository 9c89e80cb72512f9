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
