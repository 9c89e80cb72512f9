import type { beforeHandleMessagePayload, Extension } from "@hocuspocus/server";
import * as Y from "yjs";
import { updateOfFrame } from "../frames";
import { refusal, type LiveContext } from "../live-context";
import type { SocketGuards } from "../socket-guard";

// A frame that claims to carry a Yjs update but cannot be decoded closes its socket (1007) before any other
// extension sees it. The socket-level limits (documents, bytes before authentication, pings) are SocketGuards'.

export class LiveGuards implements Extension {
  extensionName = "weft-guards";
  /** Before the CRDT log: nothing undecodable is appended. */
  priority = 200;

  constructor(private readonly guards: SocketGuards) {}

  async beforeHandleMessage({ connection, update: frame, context }: beforeHandleMessagePayload) {
    if (connection.readOnly) return;
    try {
      const update = updateOfFrame(frame);
      if (update) Y.decodeUpdate(update);
    } catch {
      this.guards.close((context as LiveContext).socket, 1007, "malformed Yjs update");
      throw refusal("malformed-update", "live: malformed update");
    }
  }
}
