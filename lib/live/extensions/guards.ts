import {
  MessageType,
  type beforeHandleMessagePayload,
  type Extension,
  type onDisconnectPayload,
} from "@hocuspocus/server";
import * as decoding from "lib0/decoding";
import * as Y from "yjs";
import { AwarenessOwners } from "../awareness-owners";
import { updateOfFrame } from "../frames";
import { refusal, type LiveContext } from "../live-context";
import type { SocketGuards } from "../socket-guard";

// Before any other extension sees a frame: one that claims to carry a Yjs update but cannot be decoded closes
// its socket (1007); a read-only connection cannot broadcast stateless messages to the document's clients;
// awareness updates touch only the sender's own entries (AwarenessOwners). The socket-level limits
// (documents, bytes before authentication, pings) are SocketGuards'.

export class LiveGuards implements Extension {
  extensionName = "weft-guards";
  /** Before the CRDT log: nothing undecodable is appended. */
  priority = 200;
  private readonly awareness = new AwarenessOwners();

  constructor(private readonly guards: SocketGuards) {}

  async beforeHandleMessage({ connection, document, update: frame, context }: beforeHandleMessagePayload) {
    const ctx = context as LiveContext;
    const type = this.decoded(ctx, "malformed frame", () => messageType(frame));
    if (type === MessageType.Awareness)
      return this.decoded(ctx, "malformed awareness update", () => this.awareness.filter(connection, document, frame));
    if (type === MessageType.BroadcastStateless && connection.readOnly)
      throw refusal("read-only", "live: a read-only connection cannot broadcast");
    if (connection.readOnly) return;
    this.decoded(ctx, "malformed Yjs update", () => {
      const update = updateOfFrame(frame);
      if (update) Y.decodeUpdate(update);
    });
  }

  /** Runs `read`; when it throws, closes the whole socket (1007) with `reason` and refuses the frame. */
  private decoded<T>(context: LiveContext, reason: string, read: () => T): T {
    try {
      return read();
    } catch {
      this.guards.close(context.socket, 1007, reason);
      throw refusal("malformed-update", `live: ${reason}`);
    }
  }

  async onDisconnect({ document }: onDisconnectPayload) {
    this.awareness.release(document);
  }
}

function messageType(frame: Uint8Array): number {
  const d = decoding.createDecoder(frame);
  decoding.readVarString(d);
  return decoding.readVarUint(d);
}
