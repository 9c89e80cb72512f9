"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { formatTime } from "@/lib/console/format";
import { emailLogPage } from "@/lib/console/query-inputs";
import { Pager } from "../pager";
import { FilterSelect } from "../filter-select";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { usePagedQuery } from "../use-paged-query";

const tones: Record<string, string> = {
  sent: "border-green-300 bg-green-50 text-green-800",
  failed: "border-red-300 bg-red-50 text-red-800",
  skipped: "border-amber-300 bg-amber-50 text-amber-900",
};

/** The key's trigger emails, newest first, filtered by status; a row opens to the provider's answer. */
export function EmailLog({ workspaceId, apiKeyId }: { workspaceId: string; apiKeyId: string }) {
  const trpc = useTRPC();
  const [status, setStatus] = useState<string | undefined>(undefined);
  // The statuses present: those of the unfiltered first page (the page prefetched it).
  const statuses = useQuery(trpc.email.log.queryOptions(emailLogPage(workspaceId, apiKeyId))).data?.statuses ?? [];
  return (
    <div className="space-y-4">
      <FilterSelect
        className="sm:w-56"
        label="Status"
        allLabel="All"
        options={statuses.map((s) => [s, s] as const)}
        value={status}
        onChange={setStatus}
      />
      <EmailRows key={status ?? ""} workspaceId={workspaceId} apiKeyId={apiKeyId} status={status} />
    </div>
  );
}

function EmailRows({ workspaceId, apiKeyId, status }: { workspaceId: string; apiKeyId: string; status?: string }) {
  const trpc = useTRPC();
  const { query, pager } = usePagedQuery(
    (pageToken) => trpc.email.log.queryOptions(emailLogPage(workspaceId, apiKeyId, status, pageToken)),
    (page) => page.nextPageToken,
  );
  const emails = query.data?.emails ?? [];
  if (query.isPending) return <p className="text-sm text-zinc-600">Loading…</p>;
  if (query.error)
    return (
      <p role="alert" className="text-red-800">
        {query.error.message}
      </p>
    );
  if (emails.length === 0)
    return (
      <p className="text-sm text-zinc-600">{status ? `No ${status} emails.` : "No trigger emails yet for this key."}</p>
    );
  return (
    <>
      <ul aria-label="Emails" className="divide-y divide-zinc-200 rounded-md border border-zinc-200">
        {emails.map((e) => (
          <li key={e.id}>
            <details>
              <summary className="flex cursor-pointer list-none flex-col gap-1 p-3 hover:bg-zinc-50 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <span className="min-w-0">
                  <span className="block text-sm font-medium break-words text-zinc-900">{e.to}</span>
                  <span className="block text-xs text-zinc-600">{e.eventType}</span>
                </span>
                <span className="flex shrink-0 items-center gap-2 text-sm text-zinc-600">
                  <span className={`${ui.badge} ${tones[e.status] ?? "border-zinc-300 bg-zinc-50 text-zinc-700"}`}>
                    {e.status}
                  </span>
                  <time dateTime={e.time} title={e.time}>
                    {formatTime(e.time)}
                  </time>
                </span>
              </summary>
              <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 border-t border-zinc-200 p-3 text-sm">
                <dt className="text-zinc-600">Attempts</dt>
                <dd>{e.attempts}</dd>
                <dt className="text-zinc-600">Template</dt>
                <dd className="font-mono break-words">{e.templateId ?? "weft's default"}</dd>
                <dt className="text-zinc-600">Last change</dt>
                <dd>
                  <time dateTime={e.updatedAt} title={e.updatedAt}>
                    {formatTime(e.updatedAt)}
                  </time>
                </dd>
                {e.reason && (
                  <>
                    <dt className="text-zinc-600">Skipped because</dt>
                    <dd className="break-words">{e.reason}</dd>
                  </>
                )}
                <dt className="text-zinc-600">Provider response</dt>
                <dd className="font-mono text-xs break-words whitespace-pre-wrap">{e.lastError ?? "—"}</dd>
              </dl>
            </details>
          </li>
        ))}
      </ul>
      <Pager label="Email log pages" {...pager} />
    </>
  );
}
