import { Prisma } from "@/lib/generated/prisma/client";
import type { Reader } from "../db";

// What every queue of weft shares (the Job table, domain events, webhook deliveries): a row is claimed with
// FOR UPDATE SKIP LOCKED as a lease that runs out, timestamps are UTC wall-clock time (Prisma writes UTC
// into `timestamp` columns), and a worker that found nothing sleeps until the earliest due time it knows.

/** The database's now, as the UTC wall-clock time the queue columns hold. */
export const UTC_NOW = Prisma.raw(`(now() AT TIME ZONE 'UTC')`);

/**
 * How long until the earliest of `dueTimes` (a query whose rows have one timestamp column, `t`): negative when
 * already due, undefined when there is none.
 */
export async function msUntilEarliest(client: Reader, dueTimes: Prisma.Sql): Promise<number | undefined> {
  const [row] = await client.$queryRaw<{ ms: number | null }[]>`
    SELECT (EXTRACT(EPOCH FROM (min(t) - ${UTC_NOW})) * 1000)::float8 AS ms FROM (${dueTimes}) due`;
  return row?.ms ?? undefined;
}
