import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { Hocuspocus, type Connection, type Document } from "@hocuspocus/server";
import { WebSocketServer } from "ws";
import * as Y from "yjs";
import {
  appendUpdate,
  compactInto,
  createRowIfMissing,
  currentState,
  firstRoot,
  readLogRow,
  type EditorKey,
} from "@/lib/domain/crdt/crdt-log";
import { db, transaction } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { recordUsage } from "@/lib/infra/request-log-writer";
import { runtime } from "@/lib/infra/runtime";
import { errorFields, log } from "@/lib/infra/log";
import { documentName, parseDocumentName } from "./document-name";
import { liveHandle, setLiveHandle, type LiveHandle } from "./live-handle";
import { startPresence } from "./presence";
import { updateOfFrame } from "./frames";
import { LiveRefusal, verifyLiveToken, type LiveAccess } from "./live-auth";
import { startRelay, type Relay } from "./relay";
import { SocketGuards, type LiveSocket } from "./socket-guard";

// The live Yjs server: a Hocuspocus instance (no Server class) that server.mjs hands `/live` upgrades to.
// Every accepted client update is appended to the CrdtUpdate log before Hocuspocus applies and acknowledges
// it (beforeHandleMessage is awaited first; onChange is not), and compacted into the CrdtDocument row after
// the store debounce. REST writes reach open documents through applyRestUpdate. See docs/live.md.

const REST_ORIGIN = "weft:rest";
const LIVE_PATH = "/live";

interface LiveContext {
  socket: LiveSocket;
  key?: EditorKey;
  token?: string;
  access?: LiveAccess;
}

interface DocState {
  key: EditorKey;
  rowExists: boolean;
  /** Upper bound of the encoded state size: the loaded size plus every update since. */
  size: number;
}

function refusal(reason: string, message: string) {
  return Object.assign(new Error(message), { reason });
}

export async function startLive(): Promise<LiveHandle> {
  const running = liveHandle();
  if (running) return running;
  const e = env();
  const guards = new SocketGuards();
  const docs = new Map<string, DocState>();
  // Embedded mode is one instance: nothing to relay.
  const relay: Relay | undefined =
    runtime().databaseMode === "postgresql"
      ? startRelay({
          isLoading: (name) => hocuspocus.loadingDocuments.has(name),
          storedState: async (name) => (await currentState(db(), parseDocumentName(name)!))?.state,
          logRow: (name, id) => readLogRow(db(), parseDocumentName(name)!.apiKeyId, id),
        })
      : undefined;

  const hocuspocus = new Hocuspocus({
    quiet: true,
    timeout: e.WEFT_LIVE_PING_TIMEOUT_MS,
    debounce: e.WEFT_LIVE_STORE_DEBOUNCE_MS,
    maxDebounce: Math.max(10_000, e.WEFT_LIVE_STORE_DEBOUNCE_MS),
    unloadImmediately: true,

    async onAuthenticate({ token, documentName: name, connectionConfig, context }) {
      const socket = (context as LiveContext).socket;
      try {
        const key = parseDocumentName(name);
        if (!key) throw new LiveRefusal("invalid-document-name");
        const access = await verifyLiveToken(token, key, socket.clientIp);
        guards.admit(socket, key.apiKeyId, name);
        recordUsage(key.apiKeyId, "liveConnections");
        connectionConfig.readOnly = access.readOnly;
        return { key, token, access } satisfies Omit<LiveContext, "socket">;
      } catch (err) {
        guards.release(socket, name);
        if (err instanceof LiveRefusal) throw refusal(err.reason, err.message);
        log.error("live: authentication failed", errorFields(err));
        throw refusal("server-error", "live: refused (server-error)");
      }
    },

    async onLoadDocument({ document, documentName: name }) {
      const key = parseDocumentName(name)!;
      const current = await currentState(db(), key);
      if (current) Y.applyUpdate(document, current.state);
      docs.set(name, { key, rowExists: !!current?.row, size: current?.state.byteLength ?? 0 });
    },

    async afterLoadDocument({ document }) {
      relay?.opened(document);
    },

    async beforeHandleMessage({ connection, update: frame, document, context }) {
      if (connection.readOnly) return;
      const ctx = context as LiveContext;
      let update: Uint8Array | undefined;
      try {
        update = updateOfFrame(frame);
        if (update) Y.decodeUpdate(update);
      } catch {
        guards.close(ctx.socket, 1007, "malformed Yjs update");
        throw refusal("malformed-update", "live: malformed update");
      }
      if (!update) return;
      const state = docs.get(document.name);
      if (!state) throw refusal("not-loaded", "live: document not loaded");
      await acceptUpdate(document, state, update, ctx.access?.actor ?? state.key.apiKeyId);
    },

    async onStoreDocument({ documentName: name }) {
      const state = docs.get(name);
      if (!state?.rowExists) return;
      await transaction((tx) => compactInto(tx, state.key, {}));
    },

    async connected({ context }) {
      const key = (context as LiveContext).key;
      if (key) presence.changed(key.apiKeyId);
    },

    async onDisconnect({ documentName: name, context }) {
      const socket = (context as LiveContext).socket;
      if (socket) guards.release(socket, name);
      const key = parseDocumentName(name);
      if (key) presence.changed(key.apiKeyId);
    },

    async afterUnloadDocument({ documentName: name }) {
      docs.delete(name);
      relay?.closed(name);
    },
  });

  const presence = startPresence(hocuspocus, (apiKeyId) => guards.connectionsOf(apiKeyId));

  const maxState = e.WEFT_CRDT_MAX_STATE_BYTES;
  async function acceptUpdate(document: Document, state: DocState, update: Uint8Array, actor: string) {
    if (state.size + update.byteLength > maxState) {
      state.size = Y.encodeStateAsUpdate(document).byteLength;
      if (state.size + update.byteLength > maxState) {
        throw refusal(
          "state-too-large",
          `live: the document would exceed WEFT_CRDT_MAX_STATE_BYTES (${maxState} bytes)`,
        );
      }
    }
    const rowNow = await transaction(async (tx) => {
      let hasRow = state.rowExists;
      if (!state.rowExists) {
        // The editor's first change creates its row, typed after the first non-empty root.
        const next = new Y.Doc();
        Y.applyUpdate(next, Y.encodeStateAsUpdate(document));
        Y.applyUpdate(next, update);
        const root = firstRoot(next);
        if (root) {
          const row = { ...root, state: Y.encodeStateAsUpdate(next), lastUpdatedBy: actor };
          // False when another message (or a REST add) created it first: the row exists either way.
          await createRowIfMissing(tx, state.key, row);
          hasRow = true;
        }
      }
      const id = await appendUpdate(tx, state.key, update);
      await relay?.publishLogged(document.name, update, id, tx);
      return hasRow;
    });
    if (rowNow) state.rowExists = true;
    state.size += update.byteLength;
  }

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

  // A revoked grant or a reset token closes the connections it admitted: each distinct (token, document)
  // is verified again every WEFT_LIVE_RECHECK_MS.
  let rechecking = false;
  const recheck = setInterval(async () => {
    if (rechecking) return;
    rechecking = true;
    try {
      await recheckAll();
    } catch (err) {
      log.error("live: re-check failed", errorFields(err));
    } finally {
      rechecking = false;
    }
  }, e.WEFT_LIVE_RECHECK_MS);
  recheck.unref();

  async function recheckAll() {
    const groups = new Map<string, { ctx: LiveContext; connections: Connection[] }>();
    for (const document of hocuspocus.documents.values()) {
      for (const connection of document.getConnections()) {
        const ctx = connection.context as LiveContext;
        if (!ctx.key || ctx.token === undefined || !ctx.access) continue;
        const id = `${document.name}\n${ctx.token}`;
        const group = groups.get(id) ?? { ctx, connections: [] };
        group.connections.push(connection);
        groups.set(id, group);
      }
    }
    for (const { ctx, connections } of groups.values()) {
      const now = await verifyLiveToken(ctx.token!, ctx.key!, ctx.socket.clientIp).catch((err) => {
        if (err instanceof LiveRefusal) return undefined;
        throw err;
      });
      if (now && now.readOnly === ctx.access!.readOnly) continue;
      for (const c of connections) c.close({ code: 4403, reason: "access-revoked" });
    }
  }

  const handle: LiveHandle = {
    hocuspocus,
    handleUpgrade,
    applyRestUpdate,
    openConnections: () => wss.clients.size,
    async stop() {
      clearInterval(recheck);
      presence.stop();
      guards.stop();
      // A proper close frame (1001 going away) to every live client; providers reconnect to the next server.
      for (const ws of wss.clients) ws.close(1001, "server shutting down");
      wss.close();
      await relay?.stop();
      // Pending stores run now, so the log is compacted before the database goes away.
      for (const name of [...hocuspocus.documents.keys()]) {
        if (hocuspocus.debouncer.isDebounced(`onStoreDocument-${name}`))
          await hocuspocus.debouncer.executeNow(`onStoreDocument-${name}`);
      }
      setLiveHandle(undefined);
    },
  };
  setLiveHandle(handle);
  return handle;
}
