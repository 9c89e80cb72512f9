"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatTime } from "@/lib/console/format";
import { isFinished } from "@/lib/domain/jobs/job-state";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { JobProgressBar, STATE_LABEL } from "./job-progress";

/**
 * An organization's newest document migrations (Migrate Documents): those still running are followed live,
 * finished ones show how they ended. Nothing when the organization has none.
 */
export function OrganizationMigrations({
  workspaceId,
  apiKeyId,
  organizationId,
}: {
  workspaceId: string;
  apiKeyId: string;
  organizationId: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const migrations = useQuery(
    trpc.data.migrations.queryOptions({ workspaceId, apiKeyId, data: { organizationId } }),
  ).data;
  if (!migrations?.length) return null;
  return (
    <section aria-labelledby="migrations-heading" className={ui.card}>
      <h2 id="migrations-heading" className={ui.cardTitle}>
        Document migrations
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">
        The ten newest moves of a document&apos;s data to a new document id, made with{" "}
        <code className="font-mono">/v2/organizations/documents/migrate</code>.
      </p>
      <ul aria-label="Document migrations" className="divide-y divide-zinc-200 rounded-md border border-zinc-200">
        {migrations.map((m) => (
          <li key={m.migrationId} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
            <span className="min-w-0">
              <span className={ui.mono}>
                {m.documentId} → {m.newDocumentId}
              </span>
              <span className="ml-2 text-sm text-zinc-600">{formatTime(m.createdAt, "second")}</span>
            </span>
            {isFinished(m.progress.state) ? (
              <span className="text-sm text-zinc-700">
                {STATE_LABEL[m.progress.state]}
                {m.progress.message && ` · ${m.progress.message}`}
              </span>
            ) : (
              <JobProgressBar
                workspaceId={workspaceId}
                apiKeyId={apiKeyId}
                kind={m.progress.kind}
                id={m.migrationId}
                label={`Migration of ${m.documentId}`}
                onFinished={() => queryClient.invalidateQueries(trpc.data.migrations.queryFilter())}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
