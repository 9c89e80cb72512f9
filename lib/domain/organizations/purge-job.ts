import { env } from "@/lib/infra/env";
import { z } from "zod";
import { defineJob, type JobContext } from "@/lib/infra/jobs/define-job";
import { MINUTE, SECOND } from "@/lib/infra/jobs/retry-policy";
import { countScopedRows, deleteScopedRows, scopedTables } from "@/lib/infra/scoped-tables";
import type { Tx } from "@/lib/infra/db";
import { reportJobProgress } from "../jobs/job-progress";
import { deletedOrganizationsChanged } from "./deleted-organizations";
import type { OrgScope } from "./organization-scope";
import { PURGE_JOB_KIND, purgeProgress } from "./purge-progress";

// The background half of Delete Organizations. Every table with an organizationId column (read from the catalog,
// so tables added later are covered: documents, folders, directory, memberships, groups, comments,
// notifications, activities, events, CRDT state and log, agent executions, ...) loses the organization's rows
// PURGE_CHUNK at a time, each chunk its own transaction that also counts it on the Organization row (the console
// shows purgedRows of purgeTotal). Passes repeat until one finds nothing, then the Organization row goes and
// its id is free again. Idempotent: a retry or a worker taking over a lapsed lease goes on where it stopped.
//
// The job starts two live re-check intervals after the delete: by then every instance has closed the live
// connections of the organization (access checks refuse a deleted organization), so no client writes into it
// while it is purged.

export const PURGE_CHUNK = 1000;
const progressSelect = { organizationId: true, purgedRows: true, purgeTotal: true } as const;
const ORGANIZATION_TABLE = "Organization";
const COLUMN = "organizationId";

async function countPurge(tx: Tx, org: OrgScope, rows: number) {
  await tx.organization.updateMany({
    where: { ...org, deletedAt: { not: null } },
    data: { purgedRows: { increment: rows } },
  });
  const row = await tx.organization.findUnique({ where: { apiKeyId_organizationId: org }, select: progressSelect });
  await reportJobProgress(purgeProgress(org, row), tx);
}

export async function purgeOrganization(org: OrgScope, ctx: Pick<JobContext, "db" | "transaction">) {
  const row = await ctx.db.organization.findUnique({
    where: { apiKeyId_organizationId: org },
    select: { deletedAt: true, purgeTotal: true },
  });
  if (!row?.deletedAt) return;
  const tables = (await scopedTables(ctx.db, COLUMN)).filter((t) => t !== ORGANIZATION_TABLE);
  if (row.purgeTotal === null) {
    let total = 0;
    for (const t of tables) total += await countScopedRows(ctx.db, t, COLUMN, org.apiKeyId, org.organizationId);
    await ctx.transaction(async (tx) => {
      await tx.organization.updateMany({ where: org, data: { purgeTotal: total } });
      await reportJobProgress(purgeProgress(org, { ...org, purgedRows: 0, purgeTotal: total }), tx);
    });
  }
  for (let pass = true; pass;) {
    pass = false;
    for (const table of tables) {
      for (let deleted = PURGE_CHUNK; deleted === PURGE_CHUNK;) {
        deleted = await ctx.transaction(async (tx) => {
          const n = await deleteScopedRows(tx, table, COLUMN, org.apiKeyId, org.organizationId, PURGE_CHUNK);
          if (n) await countPurge(tx, org, n);
          return n;
        });
        if (deleted) pass = true;
      }
    }
  }
  await ctx.transaction(async (tx) => {
    await tx.organization.deleteMany({ where: { ...org, deletedAt: { not: null } } });
    await deletedOrganizationsChanged(tx, org.apiKeyId);
    await reportJobProgress(purgeProgress(org, null), tx);
  });
}

export const purgeJob = defineJob({
  kind: PURGE_JOB_KIND,
  payload: z.object({ apiKeyId: z.string(), organizationId: z.string() }),
  /** Resumes where it stopped; an organization must not stay half purged, so it is retried without end. */
  retry: { delaysMs: [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE], repeatLast: true },
  concurrency: 1,
  run: purgeOrganization,
});

/** Schedules the purge of a just-deleted organization, in the deleting transaction. */
export function schedulePurge(tx: Tx, org: OrgScope) {
  return purgeJob.enqueue(
    tx,
    { apiKeyId: org.apiKeyId, organizationId: org.organizationId },
    { runAt: new Date(Date.now() + 2 * env().WEFT_LIVE_RECHECK_MS) },
  );
}
