"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { formatTime } from "@/lib/console/format";
import { requestLogPage } from "@/lib/console/query-inputs";
import {
  filterFromSearchParams,
  isFiltered,
  outcomeLabels,
  searchOfFilter,
  utcTime,
  type RequestLogFilter,
  type RequestOutcome,
} from "@/lib/console/usage/request-log-filter";
import { FilterSelect } from "../filter-select";
import { Pager } from "../pager";
import { TextField } from "../text-field";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { usePagedQuery } from "../use-paged-query";
import { StatusBadge } from "./status-badge";

/**
 * The key's last API calls, newest first, filtered by outcome, operation, request id and a time range kept in
 * the page's URL (a filtered view can be shared and survives a reload). Live while open: the server pushes each
 * call as it is logged (usage.tail) and the list reads its newest page again. Each row opens the call in full.
 */
export function RequestLog({ workspaceId, apiKeyId }: { workspaceId: string; apiKeyId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const searchParams = useSearchParams();
  const filter = useMemo(() => filterFromSearchParams(searchParams), [searchParams]);
  // The URL is the filter's only state: Next's router syncs useSearchParams with history.replaceState.
  const setFilter = (next: RequestLogFilter) =>
    window.history.replaceState(null, "", `${window.location.pathname}${searchOfFilter(next)}`);
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
          onChange={(v) => setFilter({ ...filter, outcome: v as RequestOutcome | undefined })}
        />
        <FilterSelect
          className="min-w-0 sm:flex-1"
          label="Operation"
          allLabel="All operations"
          options={(operations ?? []).map((op) => [op, op] as const)}
          value={filter.operation}
          onChange={(operation) => setFilter({ ...filter, operation })}
        />
      </div>
      <SearchForm filter={filter} onApply={setFilter} />
      <p className="text-sm text-zinc-600" aria-live="polite" data-live={tail.status === "pending" || undefined}>
        {tail.status === "pending" ? "Live: new calls appear as they are made." : "Connecting for live updates…"}
      </p>
      <RequestTable key={searchOfFilter(filter)} workspaceId={workspaceId} apiKeyId={apiKeyId} filter={filter} />
    </div>
  );
}

/** Request id and time range: applied together on submit (a half-typed id or time filters nothing). */
function SearchForm({ filter, onApply }: { filter: RequestLogFilter; onApply: (filter: RequestLogFilter) => void }) {
  const [requestId, setRequestId] = useState(filter.requestId ?? "");
  const [since, setSince] = useState(filter.since?.slice(0, 19) ?? "");
  const [until, setUntil] = useState(filter.until?.slice(0, 19) ?? "");
  const clear = () => {
    setRequestId("");
    setSince("");
    setUntil("");
    onApply({});
  };
  return (
    <form
      role="search"
      aria-label="Search the request log"
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        onApply({ ...filter, requestId: requestId.trim() || undefined, since: utcTime(since), until: utcTime(until) });
      }}
    >
      <div className="min-w-0 sm:flex-1">
        <TextField
          label="Request id"
          type="search"
          placeholder="Whole or its start"
          value={requestId}
          onChange={(e) => setRequestId(e.target.value)}
        />
      </div>
      <TextField
        label="From (UTC)"
        type="datetime-local"
        step={1}
        value={since}
        onChange={(e) => setSince(e.target.value)}
      />
      <TextField
        label="Until (UTC)"
        type="datetime-local"
        step={1}
        value={until}
        onChange={(e) => setUntil(e.target.value)}
      />
      <div className="flex gap-2">
        <button type="submit" className={ui.secondary}>
          Apply
        </button>
        {isFiltered(filter) && (
          <button type="button" className={ui.secondary} onClick={clear}>
            Clear filters
          </button>
        )}
      </div>
    </form>
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
  const base = `/workspaces/${workspaceId}/keys/${apiKeyId}/requests`;
  const search = searchOfFilter(filter);
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
          {isFiltered(filter) ? "No calls match these filters." : "No API calls with this key in the last 7 days."}
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
                  <td className="px-3 py-2 whitespace-nowrap">
                    <Link href={`${base}/${r.id}${search}`} className={ui.link}>
                      <time dateTime={r.time} title={r.time}>
                        {formatTime(r.time, "second")}
                      </time>
                      {/* The accessible name keeps the visible time first (axe: label-content-name-mismatch). */}
                      <span className="sr-only">, open call {r.requestId}</span>
                    </Link>
                  </td>
                  <td className="px-3 py-2 font-mono text-zinc-900">{r.operation}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={r.httpStatus} error={r.errorStatus} />
                    {r.errorMessage && <p className="mt-1 max-w-xs text-xs text-zinc-700">{r.errorMessage}</p>}
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
