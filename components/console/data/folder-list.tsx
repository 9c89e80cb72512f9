"use client";

import Link from "next/link";
import { browseHref } from "@/lib/console/data/browse-level";
import { dataPage } from "@/lib/console/data/data-inputs";
import { FormMessage } from "../form-message";
import { Pager } from "../pager";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { usePagedQuery } from "../use-paged-query";

/** An organization's folders, a page at a time, each a link to the documents in it. */
export function FolderList({
  workspaceId,
  apiKeyId,
  base,
  organizationId,
}: {
  workspaceId: string;
  apiKeyId: string;
  base: string;
  organizationId: string;
}) {
  const trpc = useTRPC();
  const { query, pager } = usePagedQuery(
    (pageToken) =>
      trpc.data.folders.queryOptions({ workspaceId, apiKeyId, ...dataPage({ organizationId }, pageToken) }),
    (page) => page.nextPageToken,
  );
  const folders = query.data?.folders;
  return (
    <section aria-labelledby="folders-heading" className={ui.card}>
      <h2 id="folders-heading" className={ui.cardTitle}>
        Folders
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">Open a folder to list the documents in it.</p>
      <FormMessage error={query.error?.message} />
      {folders && folders.length === 0 && <p className="text-sm text-zinc-600">No folders in this organization.</p>}
      {folders && folders.length > 0 && (
        <ul aria-label="Folders" className="divide-y divide-zinc-200 rounded-md border border-zinc-200">
          {folders.map((f) => (
            <li key={f.folderId} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2">
              <span className="min-w-0">
                <Link
                  href={browseHref(base, { org: organizationId, folder: f.folderId })}
                  className={`${ui.link} ${ui.mono}`}
                >
                  {f.folderId}
                </Link>
                {f.folderName && <span className="ml-2 text-sm text-zinc-600">{f.folderName}</span>}
              </span>
              <span className="text-sm text-zinc-600">
                {f.parentFolderId ? `in ${f.parentFolderId} · ` : ""}
                {f.accessType}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager {...pager} label="Folder pages" />
    </section>
  );
}
