"use client";

import Link from "next/link";
import type { ApiOutput } from "@/lib/api/client";
import { apiKeyKeys } from "@/lib/console/api-keys/query-keys";
import { unwrap } from "@/lib/console/action-result";
import { callOperation } from "@/lib/console/operations";
import { PAGE_SIZE } from "@/lib/console/page-size";
import { Pager } from "../pager";
import { ui } from "../styles";
import { usePagedQuery } from "../use-paged-query";
import { KeyTypeBadge } from "./key-type-badge";

type Page = ApiOutput<"/v2/workspace/apikeys/get">;

/** The workspace's keys through Get API Keys, a page at a time. */
export function ApiKeyList({ workspaceId, initialPage }: { workspaceId: string; initialPage: Page }) {
  const { query, pager } = usePagedQuery({
    queryKey: (pageToken) => apiKeyKeys.list(workspaceId, pageToken),
    fetchPage: (pageToken) =>
      unwrap(callOperation("/v2/workspace/apikeys/get", { pageSize: PAGE_SIZE, pageToken }, { workspaceId })),
    initialPage,
  });
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
