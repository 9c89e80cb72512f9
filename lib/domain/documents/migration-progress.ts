import type { Reader } from "@/lib/infra/db";
import type { JobProgress, JobProgressSource } from "../jobs/job-progress";
import type { JobState } from "../jobs/job-state";
import type { ApiKeyScope } from "../scope";

// Migrate Documents' progress for the console (lib/domain/jobs/job-progress.ts): one document moves, so the
// states are all there is to show.

export const MIGRATION_JOB_KIND = "documents.migrate";

/** A DocumentMigration's status (migration-job.ts's MIGRATION_STATUSES) as a job state. */
const STATE: Record<string, JobState> = {
  pending: "pending",
  in_progress: "running",
  completed: "completed",
  failed: "failed",
};

export function migrationProgress(
  m: { id: string; apiKeyId: string; status: string; reason?: string | null },
  at = new Date(),
): JobProgress {
  return {
    kind: MIGRATION_JOB_KIND,
    id: m.id,
    apiKeyId: m.apiKeyId,
    state: STATE[m.status] ?? "pending",
    ...(m.reason && { message: m.reason }),
    at: at.toISOString(),
  };
}

export const migrationProgressSource: JobProgressSource = {
  kind: MIGRATION_JOB_KIND,
  async read(scope, id, db) {
    const m = await db.documentMigration.findFirst({
      where: { id, apiKeyId: scope.apiKeyId },
      select: { id: true, apiKeyId: true, status: true, reason: true, updatedAt: true },
    });
    return m && migrationProgress(m, m.updatedAt);
  },
};

/** An organization's newest document migrations (Migrate Documents), each with its progress. */
export async function listRecentMigrations(scope: ApiKeyScope, organizationId: string, db: Reader, take = 10) {
  const rows = await db.documentMigration.findMany({
    where: { apiKeyId: scope.apiKeyId, organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      apiKeyId: true,
      documentId: true,
      newDocumentId: true,
      status: true,
      reason: true,
      createdAt: true,
      updatedAt: true,
    },
  });
  return rows.map((m) => ({
    migrationId: m.id,
    documentId: m.documentId,
    newDocumentId: m.newDocumentId,
    createdAt: m.createdAt.toISOString(),
    progress: migrationProgress(m, m.updatedAt),
  }));
}
