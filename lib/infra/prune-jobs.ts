import { pruneExpiredIdempotencyRecords } from "./idempotency-store";
import { definePeriodicJob, pruneFinishedJobs } from "./jobs";

// Hourly housekeeping, as periodic jobs: one process of the database runs each sweep per turn.

const HOUR_MS = 3600_000;

definePeriodicJob("jobs.prune", HOUR_MS, async () => {
  await pruneFinishedJobs();
});

definePeriodicJob("idempotency.prune", HOUR_MS, async () => {
  await pruneExpiredIdempotencyRecords();
});
