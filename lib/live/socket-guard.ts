import * as decoding from "lib0/decoding";
import type { WebSocket } from "ws";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { LiveRefusal } from "./live-auth";

// Limits Hocuspocus does not enforce, per socket: a deadline to authenticate a first document, a byte budget
// for frames of documents not yet authenticated (Hocuspocus queues those without limit), a number of
// documents, frames that cannot be decoded, pings left unanswered; and a number of sockets per API key.

export interface LiveSocket {
  ws: WebSocket;
  clientIp: string;
  /** Document names this socket has sent frames for and not yet closed. */
  documents: Set<string>;
  authenticated: Set<string>;
  pendingBytes: number;
  apiKeys: Set<string>;
  lastPong: number;
  authTimer?: NodeJS.Timeout;
  closed: boolean;
}

export class SocketGuards {
  private readonly sockets = new Set<LiveSocket>();
  private readonly byApiKey = new Map<string, Set<LiveSocket>>();
  private readonly pinger: NodeJS.Timeout;
  private readonly limits = {
    maxDocuments: env().WEFT_LIVE_MAX_DOCUMENTS_PER_CONNECTION,
    maxPerKey: env().WEFT_LIVE_MAX_CONNECTIONS_PER_KEY,
    authTimeoutMs: env().WEFT_LIVE_AUTH_TIMEOUT_MS,
    preAuthBytes: env().WEFT_LIVE_PREAUTH_BYTES,
    pingTimeoutMs: env().WEFT_LIVE_PING_TIMEOUT_MS,
  };

  constructor() {
    // One sweep for every socket: ping, and terminate those silent for longer than the timeout.
    this.pinger = setInterval(() => this.sweep(), Math.max(50, Math.floor(this.limits.pingTimeoutMs / 3)));
    this.pinger.unref();
  }

  /** Registers a new socket; call before Hocuspocus sees it, so these listeners run first. */
  attach(ws: WebSocket, clientIp: string): LiveSocket {
    const s: LiveSocket = {
      ws,
      clientIp,
      documents: new Set(),
      authenticated: new Set(),
      pendingBytes: 0,
      apiKeys: new Set(),
      lastPong: Date.now(),
      closed: false,
    };
    this.sockets.add(s);
    this.armAuthDeadline(s);
    ws.on("pong", () => {
      s.lastPong = Date.now();
    });
    ws.on("message", (data: Buffer) => this.inspect(s, data));
    ws.once("close", () => this.forget(s));
    return s;
  }

  private inspect(s: LiveSocket, data: Buffer) {
    if (s.closed) return;
    let name: string;
    try {
      const d = decoding.createDecoder(data);
      name = decoding.readVarString(d);
      decoding.readVarUint(d);
    } catch {
      this.close(s, 1007, "malformed frame");
      return;
    }
    if (!s.documents.has(name)) {
      if (s.documents.size >= this.limits.maxDocuments) {
        this.close(s, 1008, "too many documents on one connection");
        return;
      }
      s.documents.add(name);
    }
    if (!s.authenticated.has(name)) {
      s.pendingBytes += data.byteLength;
      if (s.pendingBytes > this.limits.preAuthBytes) this.close(s, 1008, "too many bytes before authentication");
    }
  }

  /**
   * A document authenticated on `s` for `apiKeyId`: counts the socket against the key's limit. A socket that
   * closed while its authentication was in flight is refused: counted now, it would hold the key's slot forever.
   */
  admit(s: LiveSocket, apiKeyId: string, name: string) {
    if (s.closed) throw new LiveRefusal("socket-closed");
    if (!s.apiKeys.has(apiKeyId)) {
      const set = this.byApiKey.get(apiKeyId) ?? new Set<LiveSocket>();
      if (set.size >= this.limits.maxPerKey) throw new LiveRefusal("too-many-connections");
      set.add(s);
      this.byApiKey.set(apiKeyId, set);
      s.apiKeys.add(apiKeyId);
    }
    s.authenticated.add(name);
    // The queued frames of this document are handed to Hocuspocus now.
    s.pendingBytes = 0;
    clearTimeout(s.authTimer);
    s.authTimer = undefined;
  }

  /** A document's connection on `s` closed (or was refused). */
  release(s: LiveSocket, name: string) {
    s.documents.delete(name);
    s.authenticated.delete(name);
    if (!s.closed && s.authenticated.size === 0) this.armAuthDeadline(s);
  }

  connectionsOf(apiKeyId: string): number {
    return this.byApiKey.get(apiKeyId)?.size ?? 0;
  }

  /** Closes the whole socket with a logged reason; terminates it if the peer does not complete the close. */
  close(s: LiveSocket, code: number, reason: string) {
    if (s.closed) return;
    log.warn("live: closing socket", { code, reason, clientIp: s.clientIp });
    this.forget(s);
    try {
      s.ws.close(code, reason);
    } catch {
      s.ws.terminate();
    }
    setTimeout(() => s.ws.terminate(), 1_000).unref();
  }

  stop() {
    clearInterval(this.pinger);
    for (const s of [...this.sockets]) this.close(s, 1001, "server stopping");
  }

  /** Starts the deadline unless it runs already: refused attempts do not extend it. */
  private armAuthDeadline(s: LiveSocket) {
    if (s.authTimer) return;
    s.authTimer = setTimeout(() => {
      s.authTimer = undefined;
      if (s.authenticated.size === 0) this.close(s, 1008, "no document authenticated in time");
    }, this.limits.authTimeoutMs);
    s.authTimer.unref();
  }

  private sweep() {
    const now = Date.now();
    for (const s of this.sockets) {
      if (now - s.lastPong > this.limits.pingTimeoutMs) {
        log.warn("live: terminating socket that stopped answering pings", { clientIp: s.clientIp });
        this.forget(s);
        s.ws.terminate();
        continue;
      }
      try {
        s.ws.ping();
      } catch {
        // closing already
      }
    }
  }

  private forget(s: LiveSocket) {
    s.closed = true;
    clearTimeout(s.authTimer);
    this.sockets.delete(s);
    for (const k of s.apiKeys) {
      const set = this.byApiKey.get(k);
      set?.delete(s);
      if (set?.size === 0) this.byApiKey.delete(k);
    }
  }
}
