import type { JobProgress, JobProgressSource } from "../jobs/job-progress";
import type { JobState } from "../jobs/job-state";

// A GDPR erasure's progress for the console (lib/domain/jobs/job-progress.ts): its tasks (one per step and
// user, as Get Delete Status's tasksLeft counts them) done of all.

export const ERASE_JOB_KIND = "users.erase";

interface ErasureRow {
  id: string;
  apiKeyId: string;
  tasksCount: number;
  tasksDone: number;
  completedAt: Date | null;
  lastTaskCompletedAt: Date | null;
  createdAt: Date;
}

export function erasureProgress(row: ErasureRow): JobProgress {
  const state: JobState = row.completedAt ? "completed" : row.tasksDone > 0 ? "running" : "pending";
  return {
    kind: ERASE_JOB_KIND,
    id: row.id,
    apiKeyId: row.apiKeyId,
    state,
    done: row.tasksDone,
    total: row.tasksCount,
    at: (row.completedAt ?? row.lastTaskCompletedAt ?? row.createdAt).toISOString(),
  };
}

export const erasureProgressSource: JobProgressSource = {
  kind: ERASE_JOB_KIND,
  async read(scope, id, db) {
    const row = await db.userDataErasure.findFirst({
      where: { id, apiKeyId: scope.apiKeyId },
      select: {
        id: true,
        apiKeyId: true,
        tasksCount: true,
        tasksDone: true,
        completedAt: true,
        lastTaskCompletedAt: true,
        createdAt: true,
      },
    });
    return row && erasureProgress(row);
  },
};
