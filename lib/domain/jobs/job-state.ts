// A long job's state as the console shows it (job-progress.ts). Nothing here imports the server side, so the
// console's client components use it too.

export const JOB_STATES = ["pending", "running", "completed", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const isFinished = (state: JobState) => state === "completed" || state === "failed";
