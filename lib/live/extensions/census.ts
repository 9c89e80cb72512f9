import { randomUUID } from "node:crypto";
import type {
  connectedPayload,
  Extension,
  Hocuspocus,
  onConfigurePayload,
  onDisconnectPayload,
} from "@hocuspocus/server";
import {
  BUSIEST_DOCUMENTS,
  CENSUS_CHANNEL,
  publishPresence,
  type LiveDocumentCount,
  type PresenceSnapshot,
} from "@/lib/domain/crdt/live-presence";
import { errorFields, log } from "@/lib/infra/log";
import { subscribe } from "@/lib/infra/notify-bus";
import { parseDocumentName } from "../document-name";

// This instance's share of the console's "who is connected live" (lib/domain/crdt/live-presence.ts): its
// snapshot of a key goes on the bus shortly after a connection of the key opens or closes (changes within
// SETTLE_MS are one message), and whenever a console asks for a census of the key.

const SETTLE_MS = 50;

export class LiveCensus implements Extension {
  extensionName = "weft-census";
  private readonly instanceId = randomUUID();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private instance?: Hocuspocus;
  private stopCensus?: () => void;

  /** `sockets`: this instance's sockets with at least one document of the key open (SocketGuards). */
  constructor(private readonly sockets: (apiKeyId: string) => number) {}

  async onConfigure({ instance }: onConfigurePayload) {
    this.instance = instance;
    this.stopCensus = subscribe(CENSUS_CHANNEL, (apiKeyId) => {
      const s = this.snapshot(apiKeyId);
      if (s.sockets > 0 || s.documentCount > 0) this.send(apiKeyId);
    });
  }

  async connected({ documentName }: connectedPayload) {
    this.changed(documentName);
  }

  async onDisconnect({ documentName }: onDisconnectPayload) {
    this.changed(documentName);
  }

  stop() {
    this.stopCensus?.();
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  /** A connection of the document's key opened or closed. */
  private changed(documentName: string) {
    const apiKeyId = parseDocumentName(documentName)?.apiKeyId;
    if (!apiKeyId || this.pending.has(apiKeyId)) return;
    const timer = setTimeout(() => {
      this.pending.delete(apiKeyId);
      this.send(apiKeyId);
    }, SETTLE_MS);
    timer.unref();
    this.pending.set(apiKeyId, timer);
  }

  private snapshot(apiKeyId: string): PresenceSnapshot {
    const documents: LiveDocumentCount[] = [];
    for (const [name, document] of this.instance?.documents ?? []) {
      const key = parseDocumentName(name);
      const connections = document.getConnectionsCount();
      if (key?.apiKeyId !== apiKeyId || connections === 0) continue;
      documents.push({
        organizationId: key.organizationId,
        documentId: key.documentId,
        editorId: key.editorId,
        connections,
      });
    }
    documents.sort((a, b) => b.connections - a.connections);
    return {
      instance: this.instanceId,
      apiKeyId,
      sockets: this.sockets(apiKeyId),
      documentCount: documents.length,
      documents: documents.slice(0, BUSIEST_DOCUMENTS),
    };
  }

  private send(apiKeyId: string) {
    publishPresence(this.snapshot(apiKeyId)).catch((e) => log.warn("live: presence not published", errorFields(e)));
  }
}
