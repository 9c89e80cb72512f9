import type {
  Connection,
  Extension,
  Hocuspocus,
  onAuthenticatePayload,
  onConfigurePayload,
  onDisconnectPayload,
} from "@hocuspocus/server";
import { recordUsage } from "@/lib/domain/usage/request-log-writer";
import { errorFields, log } from "@/lib/infra/log";
import { isCanonicalDocumentName, parseDocumentName } from "../document-name";
import { closeReason, LiveRefusal, verifyLiveToken } from "../live-auth";
import { refusal, type LiveContext } from "../live-context";
import type { SocketGuards } from "../socket-guard";

// Who may open a document (live-auth.ts), counted against the socket's and the key's limits (SocketGuards);
// and, every WEFT_LIVE_RECHECK_MS, whether they still may: a revoked grant, a reset token, a disabled or deleted
// organization or document closes the connections it admitted, and a changed role makes them reconnect.

export class LiveAuth implements Extension {
  extensionName = "weft-auth";
  private instance?: Hocuspocus;
  private rechecking = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly guards: SocketGuards,
    recheckMs: number,
  ) {
    this.timer = setInterval(() => void this.recheck(), recheckMs);
    this.timer.unref();
  }

  async onConfigure({ instance }: onConfigurePayload) {
    this.instance = instance;
  }

  async onAuthenticate({ token, documentName: name, connectionConfig, context }: onAuthenticatePayload) {
    const socket = (context as LiveContext).socket;
    try {
      const key = parseDocumentName(name);
      if (!key) throw new LiveRefusal("invalid-document-name");
      if (!isCanonicalDocumentName(name, key)) throw new LiveRefusal("non-canonical-document-name");
      const access = await verifyLiveToken(token, key);
      this.guards.admit(socket, key.apiKeyId, name);
      recordUsage(key.apiKeyId, "liveConnections");
      connectionConfig.readOnly = access.readOnly;
      return { key, token, access } satisfies Omit<LiveContext, "socket">;
    } catch (err) {
      this.guards.release(socket, name);
      if (err instanceof LiveRefusal) throw refusal(err.reason, err.message);
      log.error("live: authentication failed", errorFields(err));
      throw refusal("server-error", "live: refused (server-error)");
    }
  }

  async onDisconnect({ documentName: name, context }: onDisconnectPayload) {
    const socket = (context as LiveContext).socket;
    if (socket) this.guards.release(socket, name);
  }

  stop() {
    clearInterval(this.timer);
  }

  private async recheck() {
    if (this.rechecking || !this.instance) return;
    this.rechecking = true;
    try {
      await this.recheckAll(this.instance);
    } catch (err) {
      log.error("live: re-check failed", errorFields(err));
    } finally {
      this.rechecking = false;
    }
  }

  /** Each distinct (token, document) is verified again; the connections it no longer admits are closed. */
  private async recheckAll(hocuspocus: Hocuspocus) {
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
      const now = await verifyLiveToken(ctx.token!, ctx.key!).catch((err) => {
        if (err instanceof LiveRefusal) return err;
        throw err;
      });
      if (!(now instanceof LiveRefusal) && now.readOnly === ctx.access!.readOnly) continue;
      const reason = now instanceof LiveRefusal ? closeReason(now) : "access-changed";
      for (const c of connections) c.close({ code: 4403, reason });
    }
  }
}
