"use client";

import { useSubscription } from "@trpc/tanstack-react-query";
import { useEffect, useState } from "react";
import type { JobProgress } from "@/lib/domain/jobs/job-progress";
import { isFinished } from "@/lib/domain/jobs/job-state";
import { useTRPC } from "../trpc";

export const STATE_LABEL: Record<JobProgress["state"], string> = {
  pending: "Waiting to start",
  running: "Running",
  completed: "Done",
  failed: "Failed",
};

/**
 * A long job's progress as it happens (jobs.progress: a purge, an erase, a migration), with a progress bar when
 * the job counts; `onFinished` runs once it has completed or failed.
 */
export function JobProgressBar({
  workspaceId,
  apiKeyId,
  kind,
  id,
  label,
  onFinished,
}: {
  workspaceId: string;
  apiKeyId: string;
  kind: string;
  id: string;
  label: string;
  onFinished?(progress: JobProgress): void;
}) {
  const trpc = useTRPC();
  // Kept from onData, not read from the subscription's `data`: a job that finishes ends its stream, and the
  // subscription then goes idle and forgets its data, maybe before a render has shown the last event.
  const [progress, setProgress] = useState<JobProgress>();
  const sub = useSubscription(
    trpc.jobs.progress.subscriptionOptions(
      { workspaceId, apiKeyId, data: { kind, id } },
      { onData: ({ data }) => setProgress(data) },
    ),
  );
  const finished = progress !== undefined && isFinished(progress.state);
  useEffect(() => {
    if (finished && progress) onFinished?.(progress);
    // Once per job: it finishes once, and a new progress object of the same finished job changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);
  const counted = progress?.total !== undefined && progress.total > 0;
  return (
    <div role="status" aria-live="polite" aria-label={label} data-state={progress?.state} className="min-w-0">
      {progress === undefined ? (
        <span className="text-sm text-zinc-600">{sub.error ? sub.error.message : "Connecting…"}</span>
      ) : (
        <span className="flex flex-wrap items-center gap-2 text-sm text-zinc-700">
          {counted && (
            <progress
              className="h-2 w-32 accent-zinc-900"
              value={progress.done ?? 0}
              max={progress.total}
              aria-label={`${label}: progress`}
            />
          )}
          <span>
            {STATE_LABEL[progress.state]}
            {counted && ` · ${(progress.done ?? 0).toLocaleString("en")} of ${progress.total!.toLocaleString("en")}`}
            {progress.message && ` · ${progress.message}`}
          </span>
        </span>
      )}
    </div>
  );
}
