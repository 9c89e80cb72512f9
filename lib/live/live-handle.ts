import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Hocuspocus } from "@hocuspocus/server";
import type { EditorKey } from "@/lib/domain/crdt/crdt-log";
import { processSlot } from "@/lib/infra/process-state";

// The running live server of this process, in a process slot: start-up starts it, route handlers (REST writes,
// the console) reach it from their own module graphs. Importing this file does not load Hocuspocus.

export interface LiveHandle {
  hocuspocus: Hocuspocus;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** A committed REST change: applied to the open document here and relayed to other instances. */
  applyRestUpdate(key: EditorKey, update: Uint8Array): void;
  /** The editor's CRDT data was deleted: its open document's connections are closed here and on other instances. */
  closeEditor(key: EditorKey): void;
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
