import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Hocuspocus } from "@hocuspocus/server";
import type { EditorKey } from "@/lib/domain/crdt/crdt-log";

// The running live server of this process, on globalThis: instrumentation starts it, route handlers (REST
// writes, the console) reach it from their own module graphs. Importing this file does not load Hocuspocus.

export interface LiveHandle {
  hocuspocus: Hocuspocus;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** A committed REST change: applied to the open document here and relayed to other instances. */
  applyRestUpdate(key: EditorKey, update: Uint8Array): void;
  /** Open WebSocket connections of this process (metrics). */
  openConnections(): number;
  stop(): Promise<void>;
}

const holder = globalThis as unknown as { __weftLive?: LiveHandle };

/** The running live server of this process (instrumentation and route bundles share it), if any. */
export function liveHandle(): LiveHandle | undefined {
  return holder.__weftLive;
}

export function setLiveHandle(handle: LiveHandle | undefined) {
  holder.__weftLive = handle;
}
