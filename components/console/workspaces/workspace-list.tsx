"use client";

import Link from "next/link";
import { formatTime } from "@/lib/console/format";
import { workspacePage } from "@/lib/console/query-inputs";
import { Pager } from "../pager";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { usePagedQuery } from "../use-paged-query";
import { PlanBadge } from "./plan-badge";

/** Newest first; `search` (workspace-search.tsx) narrows it. */
export function WorkspaceList({ showOwner, search = "" }: { showOwner: boolean; search?: string }) {
  const trpc = useTRPC();
  const { query, pager } = usePagedQuery(
    (pageToken) => trpc.workspaces.list.queryOptions(workspacePage(search, pageToken)),
    (page) => page.nextPageToken,
  );
  const workspaces = query.data?.workspaces ?? [];
  const total = query.data?.total ?? 0;

  if (query.isPending) return <p className="text-sm text-zinc-600">Loading…</p>;
  if (search && workspaces.length === 0 && !query.error)
    return <p className={`${ui.card} text-zinc-600`}>No workspace matches “{search}”.</p>;

  if (query.error)
    return (
      <p role="alert" className="text-red-800">
        {query.error.message}
      </p>
    );
  if (workspaces.length === 0) {
    return (
      <div className={`${ui.card} text-zinc-600`}>
        <p>No workspaces yet.</p>
        <p className="mt-3">
          <Link href="/workspaces/new" className={ui.link}>
            Create your first workspace
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div>
      <p className="mb-2 text-sm text-zinc-600" aria-live="polite">
        {total.toLocaleString("en")} workspace{total === 1 ? "" : "s"}
        {search ? ` matching “${search}”` : ""}
      </p>
      <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white" aria-label="Workspaces">
        {workspaces.map((ws) => (
          <li key={ws.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <Link href={`/workspaces/${ws.id}`} className={`${ui.link} break-words`}>
                {ws.name}
              </Link>
              <p className={`${ui.mono} mt-1 text-zinc-500`}>{ws.id}</p>
              {showOwner && <p className="mt-1 text-sm break-words text-zinc-600">Owner: {ws.ownerEmail}</p>}
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 sm:justify-end">
              <PlanBadge plan={ws.plan} />
              <span>
                {ws.apiKeys} API key{ws.apiKeys === 1 ? "" : "s"}
              </span>
              <span>Created {formatTime(ws.createdAt)}</span>
            </div>
          </li>
        ))}
      </ul>
      <Pager label="Workspace pages" {...pager} />
    </div>
  );
}
