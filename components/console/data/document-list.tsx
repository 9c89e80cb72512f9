"use client";

import Link from "next/link";
import { browseHref, type DocumentFilter } from "@/lib/console/data/browse-level";
import { dataPage } from "@/lib/console/data/data-inputs";
import { formatTime } from "@/lib/console/format";
import { FormMessage } from "../form-message";
import { Pager } from "../pager";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { usePagedQuery } from "../use-paged-query";
import { DataSearch } from "./data-search";

/** An organization's documents (of one folder), a page at a time, searched by id or name; each opens its page. */
export function DocumentList({
  workspaceId,
  apiKeyId,
  base,
  filter,
}: {
  workspaceId: string;
  apiKeyId: string;
  base: string;
  filter: DocumentFilter;
}) {
  const trpc = useTRPC();
  const { query, pager } = usePagedQuery(
    (pageToken) => trpc.data.documents.queryOptions({ workspaceId, apiKeyId, ...dataPage(filter, pageToken) }),
    (page) => page.nextPageToken,
  );
  const { organizationId, folderId, search } = filter;
  const documents = query.data?.documents;
  return (
    <section aria-labelledby="documents-heading" className={ui.card}>
      <h2 id="documents-heading" className={ui.cardTitle}>
        Documents{folderId ? " in folder " : " of "}
        <span className="font-mono">{folderId ?? organizationId}</span>
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">
        {folderId ? (
          <>
            The folder&apos;s documents.{" "}
            <Link href={browseHref(base, { org: organizationId })} className={ui.link}>
              Every document of the organization
            </Link>
          </>
        ) : (
          "Every document of the organization, in the order they were added. Open one to see its comments, notifications, CRDT content and who is in it."
        )}
      </p>
      <DataSearch
        action={base}
        keep={{ org: organizationId, folder: folderId }}
        label="Search documents"
        placeholder="Id or name"
        value={search}
      />
      <FormMessage error={query.error?.message} />
      {documents && documents.length === 0 && (
        <p className="text-sm text-zinc-600">{search ? "No document matches." : "No documents here."}</p>
      )}
      {documents && documents.length > 0 && (
        <ul aria-label="Documents" className="divide-y divide-zinc-200 rounded-md border border-zinc-200">
          {documents.map((d) => (
            <li key={d.documentId} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2">
              <span className="min-w-0">
                <Link
                  href={browseHref(base, { org: organizationId, doc: d.documentId })}
                  className={`${ui.link} ${ui.mono}`}
                >
                  {d.documentId}
                </Link>
                {d.documentName && <span className="ml-2 text-sm text-zinc-800">{d.documentName}</span>}
                {d.disabled && (
                  <span className={`${ui.badge} ml-2 border-amber-300 bg-amber-50 text-amber-900`}>Disabled</span>
                )}
              </span>
              <span className="text-sm text-zinc-600">
                {d.folderId && !folderId ? `in ${d.folderId} · ` : ""}
                {d.accessType} · added {formatTime(d.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager {...pager} label="Document pages" />
    </section>
  );
}
