import { randomBytes } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Reader, Tx } from "@/lib/infra/db";
import { msUntilEarliest, UTC_NOW } from "@/lib/infra/jobs/lease-queue";
import { publish } from "@/lib/infra/notify-bus";

// Raw SQL of the webhook area: the console's reads, and the delivery queue that the delivery worker
// (lib/server/workers/webhook-delivery.ts) claims from.

/** Notify-bus channel that wakes the delivery worker. */
export const WEBHOOKS_CHANNEL = "weft_webhooks";

/** Deliveries were made due in `tx`: the delivery worker wakes when it commits. */
export const wakeWebhookWorker = (tx: Tx) => publish(WEBHOOKS_CHANNEL, "", tx);

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

// Claims due deliveries for this process. A claim is a lease (status `sending`, leaseUntil): rows are
// locked with FOR UPDATE SKIP LOCKED, so two processes never take the same attempt, and a lease that runs
// out (the process died mid-attempt) makes the row due again. Claims also keep each target fair: at most
// `perTarget` attempts in flight per endpoint (or simple-webhook URL), and no more claims per second than
// the endpoint's rateLimit. A transaction-level advisory lock serialises claims across processes so those
// counts are exact.

/** Long enough for the 15 s attempt, which starts as soon as the claim returns, plus recording it. */
const LEASE_SECONDS = 60;
const CLAIM_LOCK = 7_316_024_117;

/** A claimed delivery with everything its attempt needs, read in the claim itself. */
export interface ClaimedDelivery {
  id: string;
  leaseToken: string;
  apiKeyId: string;
  messageId: string;
  endpointId: string | null;
  target: string;
  url: string | null;
  body: unknown;
  attemptCount: number;
  nextTrigger: string;
  payload: unknown;
  endpointUrl: string | null;
  endpointDisabled: boolean | null;
  secretEnc: string | null;
  /** The rotated-out secret while it still signs (24 h after a rotation), else null. */
  previousSecretEnc: string | null;
  failing: boolean;
}

/** Claims up to `limit` due deliveries in `tx`, at most `perTarget` in flight per target. */
export async function claimDeliveries(tx: Tx, limit: number, perTarget: number): Promise<ClaimedDelivery[]> {
  const leaseToken = randomBytes(12).toString("base64url");
  await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`);
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH due AS (
      SELECT d."id", COALESCE(d."endpointId", d."url") AS target, d."nextAttemptAt"
      FROM "WebhookDelivery" d
      WHERE (d."status" = 'pending' AND d."nextAttemptAt" <= ${UTC_NOW})
         OR (d."status" = 'sending' AND d."leaseUntil" < ${UTC_NOW})
      ORDER BY d."nextAttemptAt"
      LIMIT 5000
    ),
    busy AS (
      SELECT COALESCE("endpointId", "url") AS target, count(*)::int AS n FROM "WebhookDelivery"
      WHERE "status" = 'sending' AND "leaseUntil" >= ${UTC_NOW} GROUP BY 1
    ),
    recent AS (
      SELECT "endpointId" AS target, count(*)::int AS n FROM "WebhookDelivery"
      WHERE "endpointId" IS NOT NULL AND "claimedAt" > ${UTC_NOW} - interval '1 second' GROUP BY 1
    ),
    ranked AS (
      SELECT due."id", due."nextAttemptAt",
             row_number() OVER (PARTITION BY due.target ORDER BY due."nextAttemptAt", due."id") AS rn,
             LEAST(${perTarget}::int - COALESCE(busy.n, 0), COALESCE(e."rateLimit" - COALESCE(recent.n, 0), 2147483647)) AS room
      FROM due
      LEFT JOIN busy ON busy.target = due.target
      LEFT JOIN recent ON recent.target = due.target
      LEFT JOIN "WebhookEndpoint" e ON e."id" = due.target
    )
    SELECT "id" FROM ranked WHERE rn <= room ORDER BY "nextAttemptAt" LIMIT ${limit}::int`;
  if (rows.length === 0) return [];
  return tx.$queryRaw<ClaimedDelivery[]>`
    WITH claimed AS (
      UPDATE "WebhookDelivery" SET "status" = 'sending', "leaseToken" = ${leaseToken}, "claimedAt" = ${UTC_NOW},
             "leaseUntil" = ${UTC_NOW} + make_interval(secs => ${LEASE_SECONDS}::int), "updatedAt" = ${UTC_NOW}
      WHERE "id" IN (
        SELECT "id" FROM "WebhookDelivery" WHERE "id" = ANY(${rows.map((r) => r.id)}::text[])
          AND ("status" = 'pending' OR ("status" = 'sending' AND "leaseUntil" < ${UTC_NOW}))
        FOR UPDATE SKIP LOCKED)
      RETURNING *
    )
    SELECT c."id", c."leaseToken", c."apiKeyId", c."messageId", c."endpointId", c."target", c."url", c."body",
           c."attemptCount", c."nextTrigger", m."payload",
           e."url" AS "endpointUrl", e."disabled" AS "endpointDisabled", e."secretEnc",
           CASE WHEN e."previousSecretExpiresAt" > ${UTC_NOW} THEN e."previousSecretEnc" END AS "previousSecretEnc",
           (e."failingSince" IS NOT NULL) AS "failing"
    FROM claimed c
    JOIN "WebhookMessage" m ON m."id" = c."messageId"
    LEFT JOIN "WebhookEndpoint" e ON e."id" = c."endpointId"`;
}

/** How long until the next delivery attempt or lost lease falls due. */
export function msUntilNextDelivery(client: Reader): Promise<number | undefined> {
  return msUntilEarliest(
    client,
    Prisma.sql`SELECT min("nextAttemptAt") AS t FROM "WebhookDelivery" WHERE "status" = 'pending'
               UNION ALL
               SELECT min("leaseUntil") FROM "WebhookDelivery" WHERE "status" = 'sending'`,
  );
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
