"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatTime } from "@/lib/console/format";
import { keyInput } from "@/lib/console/query-inputs";
import { ui } from "../styles";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { JobProgressBar } from "./job-progress";

/** Deleted organizations whose data is being purged, each with its purge's progress as it happens. */
export function OrganizationPurges({ workspaceId, apiKeyId }: { workspaceId: string; apiKeyId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const purges = useQuery(trpc.data.purges.queryOptions(keyInput(workspaceId, apiKeyId))).data;
  if (!purges?.length) return null;
  return (
    <section aria-labelledby="purges-heading" className={ui.card}>
      <h2 id="purges-heading" className={ui.cardTitle}>
        Being deleted
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">
        Their data is removed a thousand rows at a time; an id can be used again once its purge is done.
      </p>
      <ul
        aria-label="Organizations being deleted"
        className="divide-y divide-zinc-200 rounded-md border border-zinc-200"
      >
        {purges.map((p) => (
          <li key={p.organizationId} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
            <span className="min-w-0">
              <span className={ui.mono}>{p.organizationId}</span>
              <span className="ml-2 text-sm text-zinc-600">deleted {formatTime(p.deletedAt, "second")}</span>
            </span>
            <JobProgressBar
              workspaceId={workspaceId}
              apiKeyId={apiKeyId}
              kind={p.progress.kind}
              id={p.organizationId}
              label={`Purge of ${p.organizationId}`}
              onFinished={(done) => {
                toast(
                  done.state === "completed"
                    ? `${p.organizationId} is purged.`
                    : `Purge of ${p.organizationId} failed.`,
                  done.state === "completed" ? "success" : "error",
                );
                return queryClient.invalidateQueries(trpc.data.purges.queryFilter());
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
