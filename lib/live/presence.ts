import { randomUUID } from "node:crypto";
import type { Hocuspocus } from "@hocuspocus/server";
import {
  CENSUS_CHANNEL,
  publishPresence,
  type LiveDocumentCount,
  type PresenceSnapshot,
} from "@/lib/domain/crdt/live-presence";
import { errorFields, log } from "@/lib/infra/log";
import { subscribe } from "@/lib/infra/notify-bus";
import { parseDocumentName } from "./document-name";

// This instance's share of "who is connected live" (lib/domain/crdt/live-presence.ts): its snapshot of a key
// goes on the bus shortly after a connection of the key opens or closes (changes within SETTLE_MS are one
// message), and whenever a console asks for a census of the key.

const SETTLE_MS = 50;
const TOP = 10;

export interface Presence {
  /** A connection of the key opened or closed. */
  changed(apiKeyId: string): void;
  stop(): void;
}

export function startPresence(hocuspocus: Hocuspocus, sockets: (apiKeyId: string) => number): Presence {
  const instance = randomUUID();
  const pending = new Map<string, NodeJS.Timeout>();

  function snapshot(apiKeyId: string): PresenceSnapshot {
    const documents: LiveDocumentCount[] = [];
    for (const [name, document] of hocuspocus.documents) {
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
      instance,
      apiKeyId,
      sockets: sockets(apiKeyId),
      documentCount: documents.length,
      documents: documents.slice(0, TOP),
    };
  }

  function send(apiKeyId: string) {
    publishPresence(snapshot(apiKeyId)).catch((e) => log.warn("live: presence not published", errorFields(e)));
  }

  const stopCensus = subscribe(CENSUS_CHANNEL, (apiKeyId) => {
    const s = snapshot(apiKeyId);
    if (s.sockets > 0 || s.documentCount > 0) send(apiKeyId);
  });

  return {
    changed(apiKeyId) {
      if (pending.has(apiKeyId)) return;
      const timer = setTimeout(() => {
        pending.delete(apiKeyId);
        send(apiKeyId);
      }, SETTLE_MS);
      timer.unref();
      pending.set(apiKeyId, timer);
    },
    stop() {
      stopCensus();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
