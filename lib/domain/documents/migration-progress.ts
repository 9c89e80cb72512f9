import type { JobProgress, JobProgressSource, JobState } from "../jobs/job-progress";

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
