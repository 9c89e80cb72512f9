"use client";

import { skipToken, useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { formatTime } from "@/lib/console/format";
import { ConfirmButton } from "../confirm-button";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { TextField } from "../text-field";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";

interface Editor {
  organizationId: string;
  documentId: string;
  editorId: string;
}

const empty: Editor = { organizationId: "", documentId: "", editorId: "" };

/**
 * One CRDT editor's saved versions (Get CRDT Versions, newest first) with a Restore per version (Restore CRDT
 * Version: a new change that open editors receive live, undone by restoring the version saved before).
 */
export function CrdtVersions({ workspaceId, apiKeyId }: { workspaceId: string; apiKeyId: string }) {
  const trpc = useTRPC();
  const target = { workspaceId, apiKeyId };
  const [fields, setFields] = useState<Editor>(empty);
  const [editor, setEditor] = useState<Editor | null>(null);
  const toast = useToast();
  const versionsApi = trpc.v2.crdt.versions;
  const versions = useQuery(
    versionsApi.get.queryOptions(editor ? { ...target, data: { ...editor, pageSize: 20 } } : skipToken),
  );
  const restore = useMutation(
    versionsApi.restore.mutationOptions({
      onSuccess: (v) => toast(`Restored “${v.versionName}”. Open editors received it as an edit.`),
      onError: (e) => toast(e.message, "error"),
    }),
  );
  const set = (name: keyof Editor) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));
  function show(e: FormEvent) {
    e.preventDefault();
    setEditor({ ...fields });
  }
  const list = versions.data?.versions;

  return (
    <section aria-labelledby="crdt-versions-heading" className={ui.card}>
      <h2 id="crdt-versions-heading" className={ui.cardTitle}>
        CRDT versions
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">
        Versions saved with <code className="font-mono">/v2/crdt/versions/save</code>. Restoring one changes the
        editor&apos;s content back to it as a new edit; restore a later version to undo that.
      </p>
      <form
        onSubmit={show}
        aria-label="CRDT editor"
        className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
      >
        <TextField label="Organization ID" value={fields.organizationId} onChange={set("organizationId")} required />
        <TextField label="Document ID" value={fields.documentId} onChange={set("documentId")} required />
        <TextField label="Editor ID" value={fields.editorId} onChange={set("editorId")} required />
        <button type="submit" className={ui.secondary}>
          Show versions
        </button>
      </form>
      <FormMessage error={versions.error?.message} />
      {list && list.length === 0 && <p className="mt-4 text-sm text-zinc-600">This editor has no saved versions.</p>}
      {list && list.length > 0 && (
        <ol aria-label="Versions" className="mt-4 divide-y divide-zinc-200 rounded-md border border-zinc-200">
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
                onConfirm={() => editor && restore.mutate({ ...target, data: { ...editor, versionId: v.versionId } })}
                disabled={restore.isPending}
              >
                Restore
              </ConfirmButton>
            </li>
          ))}
        </ol>
      )}
      {versions.data?.pageToken && <p className="mt-2 text-sm text-zinc-600">The 20 newest versions are shown.</p>}
    </section>
  );
}
