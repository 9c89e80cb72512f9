import { randomBytes } from "node:crypto";
import { db } from "@/lib/infra/db";

// Claims due deliveries for this process. A claim is a lease (status `sending`, leaseUntil): rows are
// locked with FOR UPDATE SKIP LOCKED, so two processes never take the same attempt, and a lease that runs
// out (the process died mid-attempt) makes the row due again. Claims also keep each target fair: at most
// `perTarget` attempts in flight per endpoint (or simple-webhook URL), and no more claims per second than
// the endpoint's rateLimit. A transaction-level advisory lock serialises claims across processes so those
// counts are exact.

/** Long enough for the 15 s attempt plus recording it on a busy database. */
export const LEASE_SECONDS = 60;
const CLAIM_LOCK = 7_316_024_117;

export interface Claimed {
  id: string;
  leaseToken: string;
}

const UTC_NOW = `(now() AT TIME ZONE 'UTC')`;

/**
 * Renews a claim right before its attempt goes out, so the attempt and its recording have a whole lease.
 * False when the claim was lost (its lease ran out and another process took it): then nothing is sent.
 */
export async function renewLease(claim: Claimed): Promise<boolean> {
  const renewed = await db().$executeRawUnsafe(
    `UPDATE "WebhookDelivery" SET "leaseUntil" = ${UTC_NOW} + interval '${LEASE_SECONDS} seconds'
     WHERE "id" = $1 AND "leaseToken" = $2 AND "status" = 'sending' AND "leaseUntil" > ${UTC_NOW}`,
    claim.id,
    claim.leaseToken,
  );
  return renewed === 1;
}

export async function claimDeliveries(limit: number, perTarget: number): Promise<Claimed[]> {
  const leaseToken = randomBytes(12).toString("base64url");
  return db().$transaction(async (tx) => {
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
    const claimed = await tx.$queryRawUnsafe<{ id: string }[]>(
      `UPDATE "WebhookDelivery" SET "status" = 'sending', "leaseToken" = $2, "claimedAt" = ${UTC_NOW},
              "leaseUntil" = ${UTC_NOW} + interval '${LEASE_SECONDS} seconds', "updatedAt" = ${UTC_NOW}
       WHERE "id" IN (
         SELECT "id" FROM "WebhookDelivery" WHERE "id" = ANY($1::text[])
           AND ("status" = 'pending' OR ("status" = 'sending' AND "leaseUntil" < ${UTC_NOW}))
         FOR UPDATE SKIP LOCKED)
       RETURNING "id"`,
      rows.map((r) => r.id),
      leaseToken,
    );
    return claimed.map((r) => ({ id: r.id, leaseToken }));
  });
}
