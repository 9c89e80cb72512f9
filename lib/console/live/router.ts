import { z } from "zod";
import {
  BUSIEST_DOCUMENTS,
  parsePresence,
  PRESENCE_CHANNEL,
  type LiveDocumentCount,
  type PresenceSnapshot,
} from "@/lib/domain/crdt/live-presence";
import { scopedInput } from "../router/scoped-input";
import { apiKeyProcedure, router } from "../router/trpc";
import { busFeed, RESYNC } from "./bus-feed";
import { instanceSnapshots } from "./instance-snapshots";

// The key's live connections across every instance, as people join and leave (lib/domain/crdt/live-presence.ts).

export interface LiveConnections {
  sockets: number;
  documents: number;
  /** The busiest documents first, at most ten. */
  top: LiveDocumentCount[];
}

function total(snapshots: Iterable<PresenceSnapshot>): LiveConnections {
  let sockets = 0;
  let documents = 0;
  const byDocument = new Map<string, LiveDocumentCount>();
  for (const s of snapshots) {
    sockets += s.sockets;
    documents += s.documentCount;
    for (const d of s.documents) {
      const key = JSON.stringify([d.organizationId, d.documentId, d.editorId]);
      const seen = byDocument.get(key);
      byDocument.set(key, seen ? { ...seen, connections: seen.connections + d.connections } : { ...d });
    }
  }
  const top = [...byDocument.values()].sort((a, b) => b.connections - a.connections).slice(0, BUSIEST_DOCUMENTS);
  return { sockets, documents, top };
}

export const liveRouter = router({
  /**
   * The current totals at once, then again whenever an instance reports a change. Each event is the whole
   * state, so a reconnect simply starts over (no event is worth replaying).
   */
  connections: apiKeyProcedure.input(scopedInput("apiKey", z.strictObject({}))).subscription(async function* ({
    ctx,
    signal,
  }) {
    const apiKeyId = ctx.scope.apiKeyId;
    const feed = busFeed([PRESENCE_CHANNEL], (p) => parsePresence(p)?.apiKeyId === apiKeyId, signal);
    await feed.ready;
    const snapshots = instanceSnapshots(apiKeyId);
    try {
      await snapshots.recount();
      yield total(snapshots.values());
      for await (const payload of feed) {
        if (payload === RESYNC) {
          await snapshots.recount();
          continue;
        }
        snapshots.take(payload);
        yield total(snapshots.values());
      }
    } finally {
      await feed.return(undefined);
    }
  }),
});
