import type { Reader } from "@/lib/infra/db";
import type { JobProgress, JobProgressSource } from "../jobs/job-progress";
import type { ApiKeyScope } from "../scope";
import type { OrgScope } from "./organization-scope";

// An organization purge's progress for the console (lib/domain/jobs/job-progress.ts): rows removed of the rows
// it had when the purge started, kept on the Organization row until the last chunk removes that row too.

export const PURGE_JOB_KIND = "organizations.purge";

interface PurgeRow {
  organizationId: string;
  purgedRows: number;
  purgeTotal: number | null;
}

export function purgeProgress(org: OrgScope, row: PurgeRow | null, at = new Date()): JobProgress {
  const base = { kind: PURGE_JOB_KIND, id: org.organizationId, apiKeyId: org.apiKeyId, at: at.toISOString() };
  if (!row) return { ...base, state: "completed", message: "Nothing of the organization is left." };
  if (row.purgeTotal === null) return { ...base, state: "pending", done: 0 };
  // The total is counted when the purge starts; rows written in the meantime can make the count pass it.
  const total = Math.max(row.purgeTotal, row.purgedRows);
  return { ...base, state: "running", done: row.purgedRows, total };
}

const select = { organizationId: true, name: true, purgedRows: true, purgeTotal: true, deletedAt: true } as const;

/**
 * The key's organizations being purged now, most recently deleted first; a few, since the console follows each
 * one live (a browser holds about six connections to one server).
 */
export async function listOrganizationPurges(scope: ApiKeyScope, db: Reader, take = 5) {
  const rows = await db.organization.findMany({
    where: { apiKeyId: scope.apiKeyId, deletedAt: { not: null } },
    orderBy: [{ deletedAt: "desc" }, { organizationId: "asc" }],
    take,
    select,
  });
  return rows.map((r) => ({
    organizationId: r.organizationId,
    organizationName: r.name ?? undefined,
    deletedAt: r.deletedAt!.toISOString(),
    progress: purgeProgress({ apiKeyId: scope.apiKeyId, organizationId: r.organizationId }, r, r.deletedAt!),
  }));
}

export const purgeProgressSource: JobProgressSource = {
  kind: PURGE_JOB_KIND,
  async read(scope, id, db) {
    const org = { apiKeyId: scope.apiKeyId, organizationId: id };
    const row = await db.organization.findUnique({ where: { apiKeyId_organizationId: org }, select });
    // Not being deleted: no purge to watch. Gone: purged (a purge ends by deleting the row).
    if (row && !row.deletedAt) return null;
    return purgeProgress(org, row);
  },
};
