"use client";

import { HocuspocusProvider } from "@hocuspocus/provider";
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import * as Y from "yjs";
import { FormMessage } from "@/components/console/form-message";
import { ui } from "@/components/console/styles";
import { TextField } from "@/components/console/text-field";
import { useHydrated } from "@/components/console/use-hydrated";
import { bindTextarea } from "./textarea-binding";
import type { TiptapBinding } from "./tiptap-binding";

export interface LiveDemoFields {
  url: string;
  key: string;
  org: string;
  doc: string;
  editor: string;
  token: string;
  contentKey: string;
  /** "text": a textarea on a Y.Text; "rich": a Tiptap editor on an XmlFragment. */
  kind: "text" | "rich";
}

interface Connection {
  status: "connecting" | "connected" | "disconnected";
  scope: string | null;
  refused: string | null;
  synced: boolean;
  unsynced: number;
}

const idle: Connection = { status: "disconnected", scope: null, refused: null, synced: false, unsynced: 0 };

/** The live document name of one CRDT editor of an API key (docs/live.md). */
function liveDocumentName(f: Pick<LiveDemoFields, "key" | "org" | "doc" | "editor">): string {
  return [f.key, f.org, f.doc, f.editor].map(encodeURIComponent).join("/");
}

const noSubscription = () => () => {};

function tokenFromFragment(): string {
  return new URLSearchParams(location.hash.slice(1)).get("token") ?? "";
}

function defaultUrl(): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/live`;
}

/** The connection form and the textarea bound to the editor's Y.Text through a stock HocuspocusProvider. */
export function LiveDemoEditor({ initial }: { initial: LiveDemoFields }) {
  const hydrated = useHydrated();
  const [fields, setFields] = useState(initial);
  const [session, setSession] = useState<LiveDemoFields | null>(null);
  const [conn, setConn] = useState<Connection>(idle);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // A token handed over in the URL's fragment (#token=...), which the browser never sends to the server; the
  // field shows it until something is typed there. Connecting drops the fragment from the address and history.
  const fragmentToken = useSyncExternalStore(noSubscription, tokenFromFragment, () => "");
  const [tokenTyped, setTokenTyped] = useState(false);
  const token = tokenTyped ? fields.token : fields.token || fragmentToken;
  const richText = useRef<HTMLDivElement>(null);
  const tiptap = useRef<TiptapBinding | null>(null);
  const editable = useRef(false);

  useEffect(() => {
    if (!session || !textarea.current || !richText.current) return;
    const doc = new Y.Doc();
    const update = (change: Partial<Connection>) => setConn((c) => ({ ...c, ...change }));
    const provider = new HocuspocusProvider({
      url: session.url || defaultUrl(),
      name: liveDocumentName(session),
      token: session.token,
      document: doc,
      onStatus: ({ status }) => update({ status }),
      onAuthenticated: ({ scope }) => update({ scope, refused: null }),
      onAuthenticationFailed: ({ reason }) => update({ refused: reason || "refused" }),
      onSynced: ({ state }) => update({ synced: state }),
      onUnsyncedChanges: ({ number }) => update({ unsynced: number }),
    });
    const key = session.contentKey || "content";
    let unbind: () => void;
    if (session.kind === "rich") {
      // Tiptap loads only for the rich-text mode.
      const element = richText.current;
      let closed = false;
      void import("./tiptap-binding").then(({ mountTiptap }) => {
        if (closed) return;
        tiptap.current = mountTiptap(element, doc, key);
        tiptap.current.setEditable(editable.current);
      });
      unbind = () => {
        closed = true;
        tiptap.current?.destroy();
        tiptap.current = null;
      };
    } else {
      unbind = bindTextarea(doc.getText(key), textarea.current);
    }
    return () => {
      unbind();
      provider.destroy();
      doc.destroy();
      setConn(idle);
    };
  }, [session]);

  function connect(e: FormEvent) {
    e.preventDefault();
    setFields((f) => ({ ...f, token }));
    setTokenTyped(true);
    setSession({ ...fields, token });
    if (location.hash) history.replaceState(history.state, "", location.pathname + location.search);
  }

  const set = (name: keyof LiveDemoFields) => (e: { target: { value: string } }) => {
    if (name === "token") setTokenTyped(true);
    setFields((f) => ({ ...f, [name]: e.target.value }));
  };
  const readOnly = !conn.synced || conn.scope !== "read-write";
  useEffect(() => {
    editable.current = !readOnly;
    tiptap.current?.setEditable(!readOnly);
  }, [readOnly, session]);
  const rich = (session ?? fields).kind === "rich";
  const statusText = !session
    ? "Not connected"
    : [
        conn.status,
        conn.scope,
        conn.synced ? "synced" : "not synced",
        conn.unsynced ? `${conn.unsynced} unacknowledged` : null,
      ]
        .filter(Boolean)
        .join(" · ");

  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
      <form onSubmit={connect} className={`${ui.card} space-y-4`} aria-label="Live connection" data-ready={hydrated}>
        <TextField label="WebSocket URL" value={fields.url} onChange={set("url")} placeholder="this server's /live" />
        <TextField label="API key" value={fields.key} onChange={set("key")} required autoComplete="off" />
        <TextField label="Organization ID" value={fields.org} onChange={set("org")} required autoComplete="off" />
        <TextField label="Document ID" value={fields.doc} onChange={set("doc")} required autoComplete="off" />
        <TextField label="Editor ID" value={fields.editor} onChange={set("editor")} required autoComplete="off" />
        <TextField
          label="Token"
          type="password"
          value={token}
          onChange={set("token")}
          required
          autoComplete="off"
          hint="A user token from Generate Token, or <apiKey>:<authToken> for full access."
        />
        <label className="block text-sm">
          <span className={ui.label}>Editor</span>
          <select className={ui.input} value={fields.kind} onChange={set("kind")}>
            <option value="text">Plain text (textarea on a Y.Text)</option>
            <option value="rich">Rich text (Tiptap on an XmlFragment)</option>
          </select>
        </label>
        <TextField
          label="Content key (contentKey)"
          value={fields.contentKey}
          onChange={set("contentKey")}
          required
          autoComplete="off"
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={ui.primary} disabled={!hydrated}>
            {session ? "Reconnect" : "Connect"}
          </button>
          {session && (
            <button type="button" className={ui.secondary} onClick={() => setSession(null)}>
              Disconnect
            </button>
          )}
        </div>
      </form>
      <section aria-labelledby="live-text-heading" className={`${ui.card} flex min-w-0 flex-col gap-3`}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="live-text-heading" className={ui.cardTitle}>
            {session ? liveDocumentName(session) : "Document"}
          </h2>
          <p role="status" aria-label="Connection status" className="text-sm text-zinc-600">
            {statusText}
          </p>
        </div>
        <FormMessage error={conn.refused && `Refused: ${conn.refused}`} />
        <textarea
          ref={textarea}
          aria-label="Live text"
          readOnly={readOnly}
          hidden={rich}
          rows={14}
          className={`${ui.input} font-mono`}
          placeholder={session ? "" : "Connect to edit the editor's text together."}
        />
        <div ref={richText} hidden={!rich} className={`${ui.input} min-h-64`} />
      </section>
    </div>
  );
}
