"use client";

import { useState } from "react";
import { unwrap } from "@/lib/console/action-result";
import { formatTime } from "@/lib/console/format";
import { listRequestLogAction } from "@/lib/console/usage/actions";
import { usageKeys } from "@/lib/console/usage/query-keys";
import { outcomeLabels, type RequestLogFilter, type RequestOutcome } from "@/lib/console/usage/request-log-filter";
import type { RequestLogEntry } from "@/lib/domain/usage/list-request-log";
import { Pager } from "../pager";
import { FilterSelect } from "../filter-select";
import { ui } from "../styles";
import { usePagedQuery } from "../use-paged-query";

interface Page {
  requests: RequestLogEntry[];
  operations: string[];
  nextPageToken?: string;
}

const REFRESH_MS = 5000;

/** The key's last API calls, newest first, refreshed while open; filtered by outcome and operation. */
export function RequestLog({
  workspaceId,
  apiKeyId,
  initialPage,
}: {
  workspaceId: string;
  apiKeyId: string;
  initialPage: Page;
}) {
  const [filter, setFilter] = useState<RequestLogFilter>({});
  const operations = initialPage.operations;

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
          options={operations.map((op) => [op, op] as const)}
          value={filter.operation}
          onChange={(operation) => setFilter((f) => ({ ...f, operation }))}
        />
      </div>
      <RequestTable
        key={`${filter.outcome}/${filter.operation}`}
        workspaceId={workspaceId}
        apiKeyId={apiKeyId}
        filter={filter}
        initialPage={filter.outcome === undefined && filter.operation === undefined ? initialPage : undefined}
      />
    </div>
  );
}

/** One filter's pages (a new filter starts again at the newest page). */
function RequestTable({
  workspaceId,
  apiKeyId,
  filter,
  initialPage,
}: {
  workspaceId: string;
  apiKeyId: string;
  filter: RequestLogFilter;
  initialPage?: Page;
}) {
  const { query, pager } = usePagedQuery<Page>({
    queryKey: (before) => usageKeys.requests(apiKeyId, filter, before),
    fetchPage: async (before) => {
      const page = await unwrap(listRequestLogAction({ ...filter, before }, { workspaceId, apiKeyId }));
      return { requests: page.requests, operations: page.operations, nextPageToken: page.nextBefore };
    },
    initialPage,
    refetchInterval: REFRESH_MS,
  });
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
