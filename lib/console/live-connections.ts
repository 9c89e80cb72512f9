import "server-only";
import { liveDocumentsOf, liveHandle } from "@/lib/live/live-handle";

// The live connections of one API key on this instance, for the API key page (lib/live/live-handle.ts reads the
// running live server without loading Hocuspocus into the console's bundle).

export interface LiveConnections {
  /** Sockets with at least one document of this key open. */
  sockets: number;
  /** Open documents of this key with at least one connection. */
  documents: number;
  /** The busiest documents first, at most `limit`. */
  top: ReturnType<typeof liveDocumentsOf>;
}

/** null when this process runs no live server (the CLI, tests without one). */
export function liveConnectionsOf(apiKeyId: string, limit = 10): LiveConnections | null {
  const live = liveHandle();
  if (!live) return null;
  const open = liveDocumentsOf(apiKeyId, Infinity).filter((d) => d.connections > 0);
  return { sockets: live.connectionsOf(apiKeyId), documents: open.length, top: open.slice(0, limit) };
}
