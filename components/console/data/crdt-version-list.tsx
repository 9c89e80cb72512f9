"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { formatTime } from "@/lib/console/format";
import { ConfirmButton } from "../confirm-button";
import { FormMessage } from "../form-message";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";

export interface Editor {
  organizationId: string;
  documentId: string;
  editorId: string;
}

const NEWEST = 20;

/**
 * One CRDT editor's saved versions (Get CRDT Versions, newest first) with a Restore per version (Restore CRDT
 * Version: a new change that open editors receive live, undone by restoring the version saved before).
 */
export function CrdtVersionList({
  workspaceId,
  apiKeyId,
  editor,
  label = "Versions",
}: {
  workspaceId: string;
  apiKeyId: string;
  editor: Editor;
  /** The list's accessible name. */
  label?: string;
}) {
  const trpc = useTRPC();
  const target = { workspaceId, apiKeyId };
  const toast = useToast();
  const versionsApi = trpc.v2.crdt.versions;
  const versions = useQuery(versionsApi.get.queryOptions({ ...target, data: { ...editor, pageSize: NEWEST } }));
  const restore = useMutation(
    versionsApi.restore.mutationOptions({
      onSuccess: (v) => toast(`Restored “${v.versionName}”. Open editors received it as an edit.`),
      onError: (e) => toast(e.message, "error"),
    }),
  );
  const list = versions.data?.versions;
  return (
    <>
      <FormMessage error={versions.error?.message} />
      {list && list.length === 0 && <p className="mt-4 text-sm text-zinc-600">This editor has no saved versions.</p>}
      {list && list.length > 0 && (
        <ol aria-label={label} className="mt-4 divide-y divide-zinc-200 rounded-md border border-zinc-200">
          {list.map((v) => (
            <li key={v.versionId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0">
                <span className="block font-medium break-words text-zinc-900">{v.versionName}</span>
                <span className="block text-sm text-zinc-600">
                  {formatTime(new Date(v.timestamp))} · saved by <span className="font-mono">{v.savedBy}</span> ·{" "}
                  {v.size.toLocaleString("en")} bytes
                </span>
              </span>
              <ConfirmButton
                ariaLabel={`Restore ${v.versionName}`}
                title={`Restore “${v.versionName}”?`}
                description={
                  <p>
                    The editor&apos;s content becomes this version&apos;s. People editing it live see the change at
                    once; restoring a later version undoes it.
                  </p>
                }
                confirmLabel="Restore"
                onConfirm={() => restore.mutate({ ...target, data: { ...editor, versionId: v.versionId } })}
                disabled={restore.isPending}
              >
                Restore
              </ConfirmButton>
            </li>
          ))}
        </ol>
      )}
      {versions.data?.pageToken && (
        <p className="mt-2 text-sm text-zinc-600">The {NEWEST} newest versions are shown.</p>
      )}
    </>
  );
}
