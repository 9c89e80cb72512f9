import { db, type Db, type Tx } from "./db";

export interface RateLimit {
  count: number;
  seconds: number;
}

/**
 * Counts one hit for `bucket` in the current fixed window and says whether it is within the limit. The
 * counter lives in PostgreSQL (one atomic upsert), so the limit holds across every instance. Inside a call's
 * transaction pass it as `client`: the hit then counts only if the call commits.
 */
export async function hitRateLimit(bucket: string, limit: RateLimit, client: Db | Tx = db()): Promise<boolean> {
  const windowMs = limit.seconds * 1000;
  const start = Math.floor(Date.now() / windowMs) * windowMs;
  const rows = await client.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimitCounter" ("bucket", "windowStart", "count", "expiresAt")
    VALUES (${bucket}, ${new Date(start)}, 1, ${new Date(start + windowMs)})
    ON CONFLICT ("bucket", "windowStart") DO UPDATE SET "count" = "RateLimitCounter"."count" + 1
    RETURNING "count"`;
  if (Math.random() < 0.01) {
    await client.rateLimitCounter.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  }
  return Number(rows[0]?.count ?? 0) <= limit.count;
}
