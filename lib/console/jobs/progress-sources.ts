import type { JobProgressSource } from "@/lib/domain/jobs/job-progress";
import { migrationProgressSource } from "@/lib/domain/documents/migration-progress";
import { purgeProgressSource } from "@/lib/domain/organizations/purge-progress";
import { erasureProgressSource } from "@/lib/domain/user-data/erase-progress";

// The job kinds whose progress the console can watch (jobs.progress). A long job adds its source here, one
// line, and reports with reportJobProgress (lib/domain/jobs/job-progress.ts).
export const progressSources: readonly JobProgressSource[] = [
  migrationProgressSource,
  purgeProgressSource,
  erasureProgressSource,
];
