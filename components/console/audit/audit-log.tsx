"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { formatTime } from "@/lib/console/format";
import { useState } from "react";
import { FilterSelect } from "../filter-select";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { TextField } from "../text-field";
import { useTRPC } from "../trpc";

interface Filters {
  actor?: string;
  action?: string;
  outcome?: "ok" | "denied";
  /** Days, as the date inputs give them (YYYY-MM-DD, UTC). */
  from?: string;
  to?: string;
}

const OUTCOMES = [
  ["ok", "Done"],
  ["denied", "Denied"],
] as const;

/** The filters as the router takes them: a day range in UTC, the end day included. */
function query(f: Filters) {
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600_000).toISOString();
  return {
    ...(f.actor && { actor: f.actor }),
    ...(f.action && { action: f.action }),
    ...(f.outcome && { outcome: f.outcome }),
    ...(f.from && { since: `${f.from}T00:00:00.000Z` }),
    ...(f.to && { until: dayAfter(f.to) }),
  };
}

/** Who did what in the workspace, newest first, filtered by actor, action, outcome and days; downloadable. */
export function AuditLog({ workspaceId }: { workspaceId: string }) {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<Filters>({});
  const [pages, setPages] = useState<string[]>([]);
  const before = pages.at(-1);
  const data = { ...query(filters), ...(before && { before }) };
  const log = useQuery({
    ...trpc.audit.list.queryOptions({ workspaceId, data }),
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPages([]);
  };
  const download = (format: "csv" | "json") =>
    `/api/audit/export?${new URLSearchParams({ workspaceId, format, ...query(filters) })}`;

  return (
    <div className="space-y-4">
      <div className={`${ui.card} grid gap-4 sm:grid-cols-2 lg:grid-cols-5`}>
        <TextField
          label="Actor"
          placeholder="name@example.com"
          value={filters.actor ?? ""}
          onChange={(e) => set({ actor: e.target.value || undefined })}
        />
        <TextField
          label="Action"
          placeholder="reveal, delete, invite…"
          value={filters.action ?? ""}
          onChange={(e) => set({ action: e.target.value || undefined })}
        />
        <FilterSelect
          label="Outcome"
          allLabel="All outcomes"
          options={OUTCOMES}
          value={filters.outcome}
          onChange={(v) => set({ outcome: v as Filters["outcome"] })}
          className=""
        />
        <TextField
          label="From (UTC)"
          type="date"
          value={filters.from ?? ""}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
        <TextField
          label="To (UTC)"
          type="date"
          value={filters.to ?? ""}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <a className={`${ui.secondary} ${ui.small}`} href={download("csv")} download>
          Download CSV
        </a>
        <a className={`${ui.secondary} ${ui.small}`} href={download("json")} download>
          Download JSON
        </a>
      </div>
      <FormMessage error={log.error?.message} />
      {log.data && log.data.entries.length === 0 && (
        <p className={`${ui.card} text-zinc-600`}>No audit entries match (entries are kept 90 days).</p>
      )}
      {log.data && log.data.entries.length > 0 && (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white" aria-label="Audit entries">
          {log.data.entries.map((e) => (
            <li key={e.id} className="space-y-1 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-zinc-900">{e.label}</span>
                <span
                  className={`${ui.badge} ${e.outcome === "denied" ? "border-red-300 text-red-800" : "border-green-300 text-green-800"}`}
                >
                  {e.outcome === "denied" ? "Denied" : "Done"}
                </span>
              </div>
              <p className="text-sm break-words text-zinc-700">
                {e.actorEmail} ({e.actorRole}) · <time dateTime={e.time}>{formatTime(e.time, "second")}</time>
                {e.ip && ` · ${e.ip}`}
              </p>
              {e.target && <p className={`${ui.mono} text-zinc-500`}>{e.target}</p>}
              {e.reason && <p className="text-sm text-red-800">{e.reason}</p>}
              <p className={`${ui.mono} text-zinc-500`}>{e.action}</p>
            </li>
          ))}
        </ul>
      )}
      <nav className="flex gap-2" aria-label="Audit log pages">
        {pages.length > 0 && (
          <button
            type="button"
            className={`${ui.secondary} ${ui.small}`}
            onClick={() => setPages((p) => p.slice(0, -1))}
          >
            Newer
          </button>
        )}
        {log.data?.nextBefore && (
          <button
            type="button"
            className={`${ui.secondary} ${ui.small}`}
            onClick={() => setPages((p) => [...p, log.data!.nextBefore!])}
          >
            Older
          </button>
        )}
      </nav>
    </div>
  );
}
