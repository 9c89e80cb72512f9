"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useState } from "react";
import { formatTime } from "@/lib/console/format";
import { requestLogPage } from "@/lib/console/query-inputs";
import { outcomeLabels, type RequestLogFilter, type RequestOutcome } from "@/lib/console/usage/request-log-filter";
import { Pager } from "../pager";
import { FilterSelect } from "../filter-select";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { usePagedQuery } from "../use-paged-query";

/**
 * The key's last API calls, newest first, filtered by outcome and operation. Live while open: the server pushes
 * each call as it is logged (usage.tail) and the list reads its newest page again.
 */
export function RequestLog({ workspaceId, apiKeyId }: { workspaceId: string; apiKeyId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<RequestLogFilter>({});
  const operations = useQuery(trpc.usage.requests.queryOptions(requestLogPage(workspaceId, apiKeyId, {}))).data
    ?.operations;
  const tail = useSubscription(
    trpc.usage.tail.subscriptionOptions(
      { workspaceId, apiKeyId, data: {} },
      { onData: () => void queryClient.invalidateQueries(trpc.usage.requests.pathFilter()) },
    ),
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <FilterSelect
          className="sm:w-56"
          label="Status"
          allLabel="All"
          options={Object.entries(outcomeLabels)}
          value={filter.outcome}
          onChange={(v) => setFilter((f) => ({ ...f, outcome: v as RequestOutcome | undefined }))}
        />
        <FilterSelect
          className="min-w-0 sm:flex-1"
          label="Operation"
          allLabel="All operations"
          options={(operations ?? []).map((op) => [op, op] as const)}
          value={filter.operation}
          onChange={(operation) => setFilter((f) => ({ ...f, operation }))}
        />
      </div>
      <p className="text-sm text-zinc-600" aria-live="polite" data-live={tail.status === "pending" || undefined}>
        {tail.status === "pending" ? "Live: new calls appear as they are made." : "Connecting for live updates…"}
      </p>
      <RequestTable
        key={`${filter.outcome}/${filter.operation}`}
        workspaceId={workspaceId}
        apiKeyId={apiKeyId}
        filter={filter}
      />
    </div>
  );
}

/** One filter's pages (a new filter starts again at the newest page). */
function RequestTable({
  workspaceId,
  apiKeyId,
  filter,
}: {
  workspaceId: string;
  apiKeyId: string;
  filter: RequestLogFilter;
}) {
  const trpc = useTRPC();
  const { query, pager } = usePagedQuery(
    (before) => trpc.usage.requests.queryOptions(requestLogPage(workspaceId, apiKeyId, filter, before)),
    (page) => page.nextBefore,
  );
  const requests = query.data?.requests ?? [];
  const filtered = filter.outcome !== undefined || filter.operation !== undefined;
  return (
    <>
      {query.isPending ? (
        <p className="text-sm text-zinc-600">Loading…</p>
      ) : query.error ? (
        <p role="alert" className="text-red-800">
          {query.error.message}
        </p>
      ) : requests.length === 0 ? (
        <p className="text-sm text-zinc-600">
          {filtered ? "No calls match these filters." : "No API calls with this key in the last 7 days."}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-zinc-200">
          <table aria-label="API calls" className="min-w-full text-left text-sm">
            <thead className="bg-zinc-50 text-zinc-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Time
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Operation
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Latency
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Request id
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200">
              {requests.map((r) => (
                <tr key={r.id}>
                  <td className="px-3 py-2 whitespace-nowrap text-zinc-700">
                    <time dateTime={r.time} title={r.time}>
                      {formatTime(r.time)}
                    </time>
                  </td>
                  <td className="px-3 py-2 font-mono text-zinc-900">{r.operation}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <StatusBadge status={r.httpStatus} error={r.errorStatus} />
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap text-zinc-700">{r.durationMs} ms</td>
                  <td className="px-3 py-2 font-mono text-xs text-zinc-700">{r.requestId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Request log pages" {...pager} />
    </>
  );
}

function StatusBadge({ status, error }: { status: number; error: string | null }) {
  const tone =
    status >= 500
      ? "border-red-300 bg-red-50 text-red-800"
      : status >= 400
        ? "border-amber-300 bg-amber-50 text-amber-900"
        : "border-green-300 bg-green-50 text-green-800";
  return <span className={`${ui.badge} ${tone}`}>{error ? `${status} ${error}` : status}</span>;
}
