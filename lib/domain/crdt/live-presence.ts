import { MAX_PAYLOAD_BYTES, parsePayload, publish } from "@/lib/infra/notify-bus";

// Who is connected live, per API key, across instances. Each instance's live server publishes its own snapshot
// of a key on PRESENCE_CHANNEL when a connection of that key opens or closes, and when asked on CENSUS_CHANNEL
// (a console that starts watching asks; instances with nobody connected for the key stay quiet). The console
// (live.connections) adds up the latest snapshot of every instance.

export const PRESENCE_CHANNEL = "console_live_presence";
export const CENSUS_CHANNEL = "console_live_census";
/** How many of a key's busiest documents a snapshot names, and the console shows. */
export const BUSIEST_DOCUMENTS = 10;

export interface LiveDocumentCount {
  organizationId: string;
  documentId: string;
  editorId: string;
  connections: number;
}

export interface PresenceSnapshot {
  /** The publishing process. */
  instance: string;
  apiKeyId: string;
  /** Sockets with at least one document of the key open. */
  sockets: number;
  /** Open documents of the key with at least one connection. */
  documentCount: number;
  /** The busiest of them, as many as fit a bus message. */
  documents: LiveDocumentCount[];
}

export function publishPresence(snapshot: PresenceSnapshot) {
  const documents = [...snapshot.documents];
  let payload = JSON.stringify({ ...snapshot, documents });
  while (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES && documents.length) {
    documents.pop();
    payload = JSON.stringify({ ...snapshot, documents });
  }
  return publish(PRESENCE_CHANNEL, payload);
}

export function parsePresence(payload: string): PresenceSnapshot | undefined {
  const s = parsePayload<PresenceSnapshot>(payload);
  return typeof s?.instance === "string" && typeof s.apiKeyId === "string" && Array.isArray(s.documents)
    ? (s as PresenceSnapshot)
    : undefined;
}

/** Asks every instance for its snapshot of the key. */
export function requestCensus(apiKeyId: string) {
  return publish(CENSUS_CHANNEL, apiKeyId);
}
