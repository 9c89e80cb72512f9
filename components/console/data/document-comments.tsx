"use client";

import { formatTime } from "@/lib/console/format";
import { PAGE_SIZE } from "@/lib/console/page-size";
import { FormMessage } from "../form-message";
import { Pager } from "../pager";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { usePagedQuery } from "../use-paged-query";
import type { DocumentCardProps } from "./document-page";

/** The document's comment annotations with their comments (Get Comment Annotations), a page at a time. */
export function DocumentComments({ workspaceId, apiKeyId, document }: DocumentCardProps) {
  const trpc = useTRPC();
  const { query, pager } = usePagedQuery(
    (pageToken) =>
      trpc.v2.commentannotations.get.queryOptions({
        workspaceId,
        apiKeyId,
        data: {
          organizationId: document.organizationId,
          documentIds: [document.documentId],
          pageSize: PAGE_SIZE,
          pageToken,
        },
      }),
    (page) => page.nextPageToken ?? undefined,
  );
  const annotations = query.data?.annotations;
  return (
    <section aria-labelledby="comments-heading" className={ui.card}>
      <h2 id="comments-heading" className={ui.cardTitle}>
        Comments
      </h2>
      <FormMessage error={query.error?.message} />
      {annotations && annotations.length === 0 && (
        <p className="mt-2 text-sm text-zinc-600">No comment annotations on this document.</p>
      )}
      {annotations && annotations.length > 0 && (
        <ul aria-label="Comment annotations" className="mt-4 space-y-3">
          {annotations.map((a) => (
            <li key={a.annotationId} className="rounded-md border border-zinc-200 p-3">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className={ui.mono}>{a.annotationId}</span>
                <span className="text-sm text-zinc-600">
                  {typeof a.status?.name === "string" ? `${a.status.name} · ` : ""}
                  {formatTime(new Date(a.createdAt), "second")}
                </span>
              </p>
              <ol aria-label={`Comments of ${a.annotationId}`} className="mt-2 space-y-2">
                {a.comments.map((c) => (
                  <li key={c.commentId} className="border-l-2 border-zinc-200 pl-3">
                    <p className="text-sm text-zinc-600">
                      <span className="font-mono">{c.from.userId}</span> · {formatTime(new Date(c.createdAt), "second")}
                      {c.isEdited && " · edited"}
                    </p>
                    <p className="break-words whitespace-pre-wrap text-zinc-900">{c.commentText}</p>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
      <Pager {...pager} label="Comment pages" />
    </section>
  );
}
