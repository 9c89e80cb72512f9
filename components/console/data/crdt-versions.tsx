"use client";

import { useState, type FormEvent } from "react";
import { CrdtVersionList, type Editor } from "./crdt-version-list";
import { ui } from "../styles";
import { TextField } from "../text-field";

const empty: Editor = { organizationId: "", documentId: "", editorId: "" };

/**
 * One CRDT editor's saved versions, the editor named in a form (the Data page shows each document's editors with
 * theirs: CrdtVersionList).
 */
export function CrdtVersions({ workspaceId, apiKeyId }: { workspaceId: string; apiKeyId: string }) {
  const [fields, setFields] = useState<Editor>(empty);
  const [editor, setEditor] = useState<Editor | null>(null);
  const set = (name: keyof Editor) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));
  function show(e: FormEvent) {
    e.preventDefault();
    setEditor({ ...fields });
  }

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
      {editor && <CrdtVersionList workspaceId={workspaceId} apiKeyId={apiKeyId} editor={editor} />}
    </section>
  );
}
