import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { Hocuspocus } from "@hocuspocus/server";
import { WebSocketServer } from "ws";
import * as Y from "yjs";
import { currentState, readLogRow, type EditorKey } from "@/lib/domain/crdt/crdt-log";
import { db } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { log, routeConsoleToLog } from "@/lib/infra/log";
import { countLiveConnectionsWith } from "@/lib/infra/metrics/scrape-gauges";
import { runtime } from "@/lib/infra/runtime";
import { documentName, parseDocumentName } from "./document-name";
import { LiveAuth } from "./extensions/auth";
import { CrdtLog } from "./extensions/crdt-log";
import { LiveGuards } from "./extensions/guards";
import { LivePresence } from "./extensions/presence";
import { LiveRelay } from "./extensions/relay";
import type { LiveContext } from "./live-context";
import { liveHandle, setLiveHandle, type LiveHandle } from "./live-handle";
import { startRelay, type Relay } from "./relay";
import { SocketGuards } from "./socket-guard";
import { LiveCensus } from "./extensions/census";

// The live Yjs server: a Hocuspocus instance (no Server class) that server.mjs hands `/live` upgrades to,
// built from one extension per concern: LiveGuards (undecodable frames, awareness only under its own ids, no
// broadcast from viewers), LiveAuth (who may open a document, re-checked), CrdtLog (load, append every update
// to the log before it is applied, compact), LiveRelay (other instances, PostgreSQL only), LivePresence (REST
// presence, live users and live state of the document), LiveCensus (the console's count of who is connected, per
// key). REST writes reach open documents through applyRestUpdate. See docs/live.md.

const REST_ORIGIN = "weft:rest";
const DELETED_REASON = "crdt-data-deleted";
const LIVE_PATH = "/live";

export async function startLive(): Promise<LiveHandle> {
  const running = liveHandle();
  if (running) return running;
  const e = env();
  const restoreConsole = routeConsoleToLog();
  const guards = new SocketGuards();
  // Embedded mode is one instance: nothing to relay.
  const relay: Relay | undefined =
    runtime().databaseMode === "postgresql"
      ? startRelay({
          isLoading: (name) => hocuspocus.loadingDocuments.has(name),
          storedState: async (name) => (await currentState(db(), parseDocumentName(name)!))?.state,
          logRow: (name, id) => readLogRow(db(), parseDocumentName(name)!.apiKeyId, id),
          deleted: (name) => closeDeleted(name),
        })
      : undefined;
  const auth = new LiveAuth(guards, e.WEFT_LIVE_RECHECK_MS);
  const crdtLog = new CrdtLog({
    maxStateBytes: e.WEFT_CRDT_MAX_STATE_BYTES,
    afterAppend: relay && ((appended, tx) => relay.publishLogged(appended, tx)),
  });

  const presence = new LivePresence();
  const census = new LiveCensus((apiKeyId) => guards.connectionsOf(apiKeyId));
  const hocuspocus = new Hocuspocus({
    quiet: true,
    timeout: e.WEFT_LIVE_PING_TIMEOUT_MS,
    debounce: e.WEFT_LIVE_STORE_DEBOUNCE_MS,
    maxDebounce: Math.max(10_000, e.WEFT_LIVE_STORE_DEBOUNCE_MS),
    unloadImmediately: true,
    extensions: [new LiveGuards(guards), auth, crdtLog, presence, census, ...(relay ? [new LiveRelay(relay)] : [])],
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: e.WEFT_LIVE_MAX_MESSAGE_BYTES });

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    let pathname = "";
    try {
      pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    } catch {
      // not a path: refused below
    }
    if (pathname !== LIVE_PATH) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    socket.on("error", () => {});
    wss.handleUpgrade(req, socket, head, (ws) => {
      // Without a listener, a frame over maxPayload (closed with 1009) would be an uncaught exception.
      ws.on("error", (err) => log.warn("live: socket error", { message: err.message }));
      const clientIp = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
      const live = guards.attach(ws, clientIp);
      hocuspocus.handleConnection(ws, req, { socket: live } satisfies LiveContext);
    });
  }

  function applyRestUpdate(key: EditorKey, update: Uint8Array) {
    const name = documentName(key);
    const open = hocuspocus.documents.get(name);
    if (open) Y.applyUpdate(open, update, REST_ORIGIN);
    relay?.publishRest(name, update);
  }

  function closeEditor(key: EditorKey) {
    const name = documentName(key);
    closeDeleted(name);
    relay?.publishDeleted(name);
  }

  /** Closes an open document whose data is gone; its row is gone too, so nothing is stored back. */
  function closeDeleted(name: string) {
    crdtLog.rowDeleted(name);
    const open = hocuspocus.documents.get(name);
    for (const connection of open?.getConnections() ?? []) connection.close({ code: 4404, reason: DELETED_REASON });
  }

  const handle: LiveHandle = {
    hocuspocus,
    handleUpgrade,
    applyRestUpdate,
    closeEditor,
    openConnections: () => wss.clients.size,
    async stop() {
      auth.stop();
      census.stop();
      guards.stop();
      // A proper close frame (1001 going away) to every live client; providers reconnect to the next server.
      for (const ws of wss.clients) ws.close(1001, "server shutting down");
      wss.close();
      await relay?.stop();
      await presence.stop();
      // Pending stores run now, so the log is compacted before the database goes away.
      for (const name of [...hocuspocus.documents.keys()]) {
        if (hocuspocus.debouncer.isDebounced(`onStoreDocument-${name}`))
          await hocuspocus.debouncer.executeNow(`onStoreDocument-${name}`);
      }
      countLiveConnectionsWith(undefined);
      setLiveHandle(undefined);
      restoreConsole();
    },
  };
  setLiveHandle(handle);
  countLiveConnectionsWith(handle.openConnections);
  return handle;
}
