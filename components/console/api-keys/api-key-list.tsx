"use client";

import Link from "next/link";
import { apiKeyPage } from "@/lib/console/query-inputs";
import { Pager } from "../pager";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { usePagedQuery } from "../use-paged-query";
import { KeyTypeBadge } from "./key-type-badge";

/** The workspace's keys through Get API Keys, a page at a time. */
export function ApiKeyList({ workspaceId }: { workspaceId: string }) {
  const trpc = useTRPC();
  const { query, pager } = usePagedQuery(
    (pageToken) => trpc.v2.workspace.apikeys.get.queryOptions(apiKeyPage(workspaceId, pageToken)),
    (page) => page.nextPageToken,
  );
  const keys = query.data?.keys ?? [];

  if (query.error)
    return (
      <p role="alert" className="text-red-800">
        {query.error.message}
      </p>
    );
  if (keys.length === 0) return <p className={`${ui.card} text-zinc-600`}>This workspace has no API keys.</p>;
  return (
    <div>
      <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white" aria-label="API keys">
        {keys.map((key) => (
          <li key={key.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
            <div className="min-w-0">
              <Link href={`/workspaces/${workspaceId}/keys/${key.id}`} className={`${ui.link} break-words`}>
                {key.apiKeyName}
              </Link>
              <p className={`${ui.mono} mt-1 text-zinc-500`}>{key.id}</p>
            </div>
            <KeyTypeBadge type={key.type} />
          </li>
        ))}
      </ul>
      <Pager label="API key pages" {...pager} />
    </div>
  );
}
