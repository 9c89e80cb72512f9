import "server-only";
import type { LiveHandle } from "@/lib/live/live-server";
import { parseDocumentName } from "@/lib/live/document-name";

// The live connections of one API key on this instance, read from the running live server's handle
// (globalThis.__weftLive, set at start-up by lib/live/live-server.ts). Read through the global, not by importing
// the live server module, which would bundle Hocuspocus into the console's pages.

export interface LiveDocumentConnections {
  organizationId: string;
  documentId: string;
  editorId: string;
  connections: number;
}

export interface LiveConnections {
  /** Sockets with at least one document of this key open. */
  sockets: number;
  /** Open documents of this key. */
  documents: number;
  /** The busiest documents first, at most `limit`. */
  top: LiveDocumentConnections[];
}

/** null when this process runs no live server (the CLI, tests without one). */
export function liveConnectionsOf(apiKeyId: string, limit = 10): LiveConnections | null {
  const live = (globalThis as { __weftLive?: LiveHandle }).__weftLive;
  if (!live) return null;
  const all: LiveDocumentConnections[] = [];
  for (const [name, document] of live.hocuspocus.documents) {
    const key = parseDocumentName(name);
    if (!key || key.apiKeyId !== apiKeyId) continue;
    const connections = document.getConnectionsCount();
    if (connections > 0) all.push({ organizationId: key.organizationId, documentId: key.documentId, editorId: key.editorId, connections });
  }
  all.sort((a, b) => b.connections - a.connections || a.documentId.localeCompare(b.documentId));
  return { sockets: live.connectionsOf(apiKeyId), documents: all.length, top: all.slice(0, limit) };
}
