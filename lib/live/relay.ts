import type { Document, Hocuspocus } from "@hocuspocus/server";

// Carries live updates between instances on one PostgreSQL. Applied with the Redis extension's origin so
// that Hocuspocus neither stores them again nor echoes them back.
export const RELAY_ORIGIN = "__hocuspocus__redis__origin__";

export interface Relay {
  /** An update accepted here (client or REST): sent to the other instances. */
  publishUpdate(name: string, apiKeyId: string, update: Uint8Array): void;
  /** The log row id of an update accepted here, for payloads too large to send inline. */
  logged(name: string, id: bigint): void;
  opened(document: Document): void;
  closed(name: string): void;
  stop(): Promise<void>;
}

export interface RelayTarget {
  instance: Hocuspocus;
  apply(name: string, update: Uint8Array): void;
  apiKeyOf(name: string): string | undefined;
}

/** Single instance for now: nothing to carry. */
export async function startRelay(_target: RelayTarget): Promise<Relay | undefined> {
  return undefined;
}
