import { parsePresence, requestCensus, type PresenceSnapshot } from "@/lib/domain/crdt/live-presence";

/**
 * Each instance's latest presence snapshot of one key, for a console subscription that follows it: asked for by
 * a census (at start and after a RESYNC, when notifications may have been missed), then kept up to date by
 * every snapshot an instance publishes; an instance with nothing open is dropped.
 */
export function instanceSnapshots(apiKeyId: string) {
  const byInstance = new Map<string, PresenceSnapshot>();
  return {
    values: () => byInstance.values(),
    /** Forgets the snapshots held and asks every instance for its own again. */
    async recount() {
      byInstance.clear();
      await requestCensus(apiKeyId);
    },
    /** Keeps the snapshot a presence payload carries (a payload that is not one changes nothing). */
    take(payload: string) {
      const snapshot = parsePresence(payload);
      if (!snapshot) return;
      if (snapshot.sockets === 0 && snapshot.documentCount === 0) byInstance.delete(snapshot.instance);
      else byInstance.set(snapshot.instance, snapshot);
    },
  };
}
