"use client";

import { useQuery } from "@tanstack/react-query";
import { formatTime } from "@/lib/console/format";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { CrdtVersionList } from "./crdt-version-list";
import type { DocumentCardProps } from "./document-page";

/** Text as it is; a map or array as JSON. */
const asText = (data: unknown) => (typeof data === "string" ? data : JSON.stringify(data, null, 2));

/**
 * The document's CRDT editors (Get CRDT Data) with their current content, read-only as the stored Yjs state holds
 * it (live edits included), and each editor's saved versions.
 */
export function DocumentContent({ workspaceId, apiKeyId, document }: DocumentCardProps) {
  const trpc = useTRPC();
  const query = useQuery(trpc.v2.crdt.get.queryOptions({ workspaceId, apiKeyId, data: document }));
  const editors = query.data;
  return (
    <section aria-labelledby="content-heading" className={ui.card}>
      <h2 id="content-heading" className={ui.cardTitle}>
        CRDT content
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">
        Each editor&apos;s current content as weft stores it, live edits included (as of loading this page).
      </p>
      <FormMessage error={query.error?.message} />
      {editors && editors.length === 0 && <p className="text-sm text-zinc-600">This document has no CRDT data.</p>}
      {editors && editors.length > 0 && (
        <ul aria-label="CRDT editors" className="space-y-4">
          {editors.map((e) => (
            <li key={e.id} className="rounded-md border border-zinc-200 p-3">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className={ui.mono}>{e.id}</span>
                <span className="text-sm text-zinc-600">
                  {e.type} · updated {formatTime(e.lastUpdate, "second")}
                  {e.lastUpdatedBy && (
                    <>
                      {" "}
                      by <span className="font-mono">{e.lastUpdatedBy}</span>
                    </>
                  )}
                </span>
              </p>
              <pre
                aria-label={`Content of ${e.id}`}
                className="mt-2 max-h-80 overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-sm whitespace-pre-wrap text-zinc-900 wrap-anywhere"
              >
                {asText(e.data) || "(empty)"}
              </pre>
              <CrdtVersionList
                workspaceId={workspaceId}
                apiKeyId={apiKeyId}
                editor={{ ...document, editorId: e.id }}
                label={`Versions of ${e.id}`}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
