import { Prisma } from "@/lib/generated/prisma/client";
import { db, poolStats } from "../db";
import { UTC_NOW } from "../jobs/lease-queue";
import { errorFields, log } from "../log";
import { processSlot } from "../process-state";
import { maybeRuntime } from "../runtime";
import type { Gauge } from "prom-client";

// Gauges read when Prometheus scrapes, not kept up to date on every change: the job queues from the database
// (one grouped query; the same numbers on every instance, since they share the database), the pool and the
// live connections from this process.

interface JobRow {
  kind: string;
  status: string;
  count: number;
  oldestDueSeconds: number | null;
}

// The Job table, plus the two queues that keep rows of their own (docs/background-work.md), under the names of
// their retry policies: webhook deliveries (`sending` is their `running`) and undispatched domain events.
const ageOf = (oldest: Prisma.Sql) => Prisma.sql`EXTRACT(EPOCH FROM (${UTC_NOW} - ${oldest}))::float8`;
const JOB_QUEUE_SQL = Prisma.sql`SELECT "kind", "status", count(*)::int AS "count",
            ${ageOf(Prisma.sql`min("runAt") FILTER (WHERE "status" = 'pending' AND "runAt" <= ${UTC_NOW})`)} AS "oldestDueSeconds"
       FROM "Job" WHERE "status" IN ('pending', 'running', 'failed')
      GROUP BY "kind", "status"
     UNION ALL
     SELECT 'webhooks.delivery', CASE "status" WHEN 'sending' THEN 'running' ELSE 'pending' END, count(*)::int,
            ${ageOf(Prisma.sql`min("nextAttemptAt") FILTER (WHERE "status" = 'pending' AND "nextAttemptAt" <= ${UTC_NOW})`)}
       FROM "WebhookDelivery" WHERE "status" IN ('pending', 'sending')
      GROUP BY "status"
     UNION ALL
     SELECT 'events.dispatch', 'pending', count(*)::int,
            ${ageOf(Prisma.sql`min("availableAt") FILTER (WHERE "availableAt" <= ${UTC_NOW})`)}
       FROM "DomainEvent" WHERE "dispatchedAt" IS NULL
     HAVING count(*) > 0`;

// Both job gauges collect in the same scrape (prom-client calls every collect at once): one query serves both.
let inFlight: Promise<void> | undefined;

interface JobGauges {
  jobs: Gauge<"kind" | "state">;
  jobOldestAge: Gauge<"kind">;
}

export function collectJobQueue(m: JobGauges): Promise<void> {
  inFlight ??= refreshJobQueue(m).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

async function refreshJobQueue(m: JobGauges) {
  if (!maybeRuntime()?.ready) return;
  let rows: JobRow[];
  try {
    rows = await db().$queryRaw<JobRow[]>(JOB_QUEUE_SQL);
  } catch (e) {
    // A scrape during a database outage still answers, without job gauges (the pool gauges show the outage).
    log.warn("metrics: job queue not readable", errorFields(e));
    m.jobs.reset();
    m.jobOldestAge.reset();
    return;
  }
  m.jobs.reset();
  m.jobOldestAge.reset();
  for (const row of rows) {
    m.jobs.set({ kind: row.kind, state: row.status }, row.count);
    if (row.status === "pending") m.jobOldestAge.set({ kind: row.kind }, Math.max(0, row.oldestDueSeconds ?? 0));
  }
}

export function collectDatabasePool(m: { dbPool: Gauge<"state"> }) {
  const stats = poolStats();
  if (!stats) return;
  m.dbPool.set({ state: "in_use" }, stats.total - stats.idle);
  m.dbPool.set({ state: "idle" }, stats.idle);
  m.dbPool.set({ state: "waiting" }, stats.waiting);
  m.dbPool.set({ state: "max" }, stats.max);
}

const liveConnections = processSlot("liveConnections", () => ({}) as { count?: () => number });

/** The live server, while it runs, says how to count its open connections (undefined when it stops). */
export function countLiveConnectionsWith(count: (() => number) | undefined) {
  liveConnections.count = count;
}

export function collectLiveConnections(m: { liveConnections: Gauge }) {
  m.liveConnections.set(liveConnections.count?.() ?? 0);
}
