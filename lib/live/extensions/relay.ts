import type { afterLoadDocumentPayload, afterUnloadDocumentPayload, Extension } from "@hocuspocus/server";
import type { Relay } from "../relay";

// The relay between instances on one PostgreSQL (relay.ts, as Hocuspocus's Redis extension over Redis): an
// instance follows the documents it has open. Logged updates are published by the CRDT log extension in its
// own transaction (relay.publishLogged), REST changes by applyRestUpdate.

export class LiveRelay implements Extension {
  extensionName = "weft-relay";

  constructor(private readonly relay: Relay) {}

  async afterLoadDocument({ document }: afterLoadDocumentPayload) {
    this.relay.opened(document);
  }

  async afterUnloadDocument({ documentName }: afterUnloadDocumentPayload) {
    this.relay.closed(documentName);
  }
}
