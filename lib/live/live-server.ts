import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { Hocuspocus, type Connection, type Document } from "@hocuspocus/server";
import { WebSocketServer } from "ws";
import * as Y from "yjs";
import { appendUpdate, compactInto, createRowIfMissing, currentState, firstRoot, type EditorKey } from "@/lib/domain/crdt/crdt-log";
import { db, transaction } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { errorFields, log } from "@/lib/infra/log";
import { documentName, parseDocumentName } from "./document-name";
import { updateOfFrame } from "./frames";
import { LiveRefusal, verifyLiveToken, type LiveAccess } from "./live-auth";
import { startRelay, RELAY_ORIGIN, type Relay } from "./relay";
import { SocketGuards, type LiveSocket } from "./socket-guard";

// The live Yjs server: a Hocuspocus instance (no Server class) that server.mjs hands `/live` upgrades to.
// Every accepted client update is appended to the CrdtUpdate log before Hocuspocus applies and acknowledges
// it (beforeHandleMessage is awaited first; onChange is not), and compacted into the CrdtDocument row after
// the store debounce. REST writes reach open documents through applyRestUpdate. See docs/live.md.

export const REST_ORIGIN = "weft:rest";
export const LIVE_PATH = "/live";

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

export interface LiveHandle {
  hocuspocus: Hocuspocus;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** A committed REST change: applied to the open document here and relayed to other instances. */
  applyRestUpdate(key: EditorKey, update: Uint8Array): void;
  connectionsOf(apiKeyId: string): number;
  stop(): Promise<void>;
}

const holder = globalThis as unknown as { __weftLive?: LiveHandle };

/** The running live server of this process (instrumentation and route bundles share it), if any. */
export function liveHandle(): LiveHandle | undefined {
  return holder.__weftLive;
}

function refusal(reason: string, message: string) {
  return Object.assign(new Error(message), { reason });
}

export async function startLive(): Promise<LiveHandle> {
  if (holder.__weftLive) return holder.__weftLive;
  const e = env();
  const guards = new SocketGuards();
  const docs = new Map<string, DocState>();
  let relay: Relay | undefined;

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

    async onChange({ document, update, transactionOrigin }) {
      if (transactionOrigin === RELAY_ORIGIN || transactionOrigin === REST_ORIGIN) return;
      const state = docs.get(document.name);
      if (state) relay?.publishUpdate(document.name, state.key.apiKeyId, update);
    },

    async onStoreDocument({ documentName: name }) {
      const state = docs.get(name);
      if (!state?.rowExists) return;
      await transaction((tx) => compactInto(tx, state.key, {}));
    },

    async onDisconnect({ documentName: name, context }) {
      const socket = (context as LiveContext).socket;
      if (socket) guards.release(socket, name);
    },

    async afterUnloadDocument({ documentName: name }) {
      docs.delete(name);
      relay?.closed(name);
    },
  });

  const maxState = e.WEFT_CRDT_MAX_STATE_BYTES;
  async function acceptUpdate(document: Document, state: DocState, update: Uint8Array, actor: string) {
    if (state.size + update.byteLength > maxState) {
      state.size = Y.encodeStateAsUpdate(document).byteLength;
      if (state.size + update.byteLength > maxState) {
        throw refusal("state-too-large", `live: the document would exceed WEFT_CRDT_MAX_STATE_BYTES (${maxState} bytes)`);
      }
    }
    await transaction(async (tx) => {
      if (!state.rowExists) {
        // The editor's first change creates its row, typed after the first non-empty root.
        const next = new Y.Doc();
        Y.applyUpdate(next, Y.encodeStateAsUpdate(document));
        Y.applyUpdate(next, update);
        const root = firstRoot(next);
        if (root) await createRowIfMissing(tx, state.key, { ...root, state: Y.encodeStateAsUpdate(next), lastUpdatedBy: actor });
      }
      const id = await appendUpdate(tx, state.key, update);
      return id;
    }).then((id) => {
      if (!state.rowExists) state.rowExists = true;
      relay?.logged(document.name, id);
    });
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
    relay?.publishUpdate(name, key.apiKeyId, update);
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

  relay = await startRelay({
    instance: hocuspocus,
    apply(name, update) {
      const open = hocuspocus.documents.get(name);
      if (open) Y.applyUpdate(open, update, RELAY_ORIGIN);
    },
    apiKeyOf: (name) => docs.get(name)?.key.apiKeyId,
  });

  const handle: LiveHandle = {
    hocuspocus,
    handleUpgrade,
    applyRestUpdate,
    connectionsOf: (apiKeyId) => guards.connectionsOf(apiKeyId),
    async stop() {
      clearInterval(recheck);
      guards.stop();
      wss.close();
      await relay?.stop();
      // Pending stores run now, so the log is compacted before the database goes away.
      for (const name of [...hocuspocus.documents.keys()]) {
        if (hocuspocus.debouncer.isDebounced(`onStoreDocument-${name}`)) await hocuspocus.debouncer.executeNow(`onStoreDocument-${name}`);
      }
      holder.__weftLive = undefined;
    },
  };
  holder.__weftLive = handle;
  return handle;
}
