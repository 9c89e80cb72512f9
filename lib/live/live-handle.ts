import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Hocuspocus } from "@hocuspocus/server";
import type { EditorKey } from "@/lib/domain/crdt/crdt-log";
import { processSlot } from "@/lib/infra/process-state";
import { parseDocumentName } from "./document-name";

// The running live server of this process, in a process slot: start-up starts it, route handlers (REST writes,
// the console) reach it from their own module graphs. Importing this file does not load Hocuspocus.

export interface LiveHandle {
  hocuspocus: Hocuspocus;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** A committed REST change: applied to the open document here and relayed to other instances. */
  applyRestUpdate(key: EditorKey, update: Uint8Array): void;
  /** The editor's CRDT data was deleted: its open document's connections are closed here and on other instances. */
  closeEditor(key: EditorKey): void;
  connectionsOf(apiKeyId: string): number;
  /** Open WebSocket connections of this process (metrics). */
  openConnections(): number;
  stop(): Promise<void>;
}

const holder = processSlot("live", () => ({}) as { current?: LiveHandle });

/** The running live server of this process (instrumentation and route bundles share it), if any. */
export function liveHandle(): LiveHandle | undefined {
  return holder.current;
}

export function setLiveHandle(handle: LiveHandle | undefined) {
  holder.current = handle;
}

/** Open live documents of an API key with their connection counts, busiest first (the console shows these). */
export function liveDocumentsOf(apiKeyId: string, limit = 10) {
  const live = liveHandle();
  if (!live) return [];
  const rows: { organizationId: string; documentId: string; editorId: string; connections: number }[] = [];
  for (const [name, document] of live.hocuspocus.documents) {
    const key = parseDocumentName(name);
    if (key?.apiKeyId !== apiKeyId) continue;
    rows.push({
      organizationId: key.organizationId,
      documentId: key.documentId,
      editorId: key.editorId,
      connections: document.getConnectionsCount(),
    });
  }
  return rows.sort((a, b) => b.connections - a.connections).slice(0, limit);
}
