import { randomBytes } from "node:crypto";
import { transaction } from "@/lib/infra/db";

// Claims due deliveries for this process. A claim is a lease (status `sending`, leaseUntil): rows are
// locked with FOR UPDATE SKIP LOCKED, so two processes never take the same attempt, and a lease that runs
// out (the process died mid-attempt) makes the row due again. Claims also keep each target fair: at most
// `perTarget` attempts in flight per endpoint (or simple-webhook URL), and no more claims per second than
// the endpoint's rateLimit. A transaction-level advisory lock serialises claims across processes so those
// counts are exact.

/** Long enough for the 15 s attempt, which starts as soon as the claim returns, plus recording it. */
export const LEASE_SECONDS = 60;
const CLAIM_LOCK = 7_316_024_117;

/** A claimed delivery with everything its attempt needs, read in the claim itself. */
export interface Claimed {
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

const UTC_NOW = `(now() AT TIME ZONE 'UTC')`;

export async function claimDeliveries(limit: number, perTarget: number): Promise<Claimed[]> {
  const leaseToken = randomBytes(12).toString("base64url");
  return transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`);
    const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
      `WITH due AS (
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
                LEAST($1::int - COALESCE(busy.n, 0), COALESCE(e."rateLimit" - COALESCE(recent.n, 0), 2147483647)) AS room
         FROM due
         LEFT JOIN busy ON busy.target = due.target
         LEFT JOIN recent ON recent.target = due.target
         LEFT JOIN "WebhookEndpoint" e ON e."id" = due.target
       )
       SELECT "id" FROM ranked WHERE rn <= room ORDER BY "nextAttemptAt" LIMIT $2::int`,
      perTarget,
      limit,
    );
    if (rows.length === 0) return [];
    return tx.$queryRawUnsafe<Claimed[]>(
      `WITH claimed AS (
         UPDATE "WebhookDelivery" SET "status" = 'sending', "leaseToken" = $2, "claimedAt" = ${UTC_NOW},
                "leaseUntil" = ${UTC_NOW} + interval '${LEASE_SECONDS} seconds', "updatedAt" = ${UTC_NOW}
         WHERE "id" IN (
           SELECT "id" FROM "WebhookDelivery" WHERE "id" = ANY($1::text[])
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
       LEFT JOIN "WebhookEndpoint" e ON e."id" = c."endpointId"`,
      rows.map((r) => r.id),
      leaseToken,
    );
  });
}
