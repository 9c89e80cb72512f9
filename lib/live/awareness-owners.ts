import { MessageType, type Connection, type Document } from "@hocuspocus/server";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import { applyAwarenessUpdate, removeAwarenessStates } from "y-protocols/awareness";

// An awareness entry (a cursor, a name) belongs to the connection that introduced its client id: an awareness
// update may set or remove its own connection's ids, and introduce an id that has no entry; never touch an
// entry of another connection, of another instance's client (relayed) or of a REST-present user.
// The stock provider sends other clients' entries too (it echoes every change it receives, and removes
// everyone else's after a reconnect), so those entries are dropped, not refused.

interface Entry {
  clientId: number;
  clock: number;
  state: string;
}

export class AwarenessOwners {
  private readonly owners = new WeakMap<Document, Map<number, Connection>>();

  /**
   * Lets an awareness frame through when all its entries are `connection`'s. Otherwise its own entries are
   * applied here, as Hocuspocus would apply them, and the frame is turned into a QueryAwareness, which does
   * nothing on a server connection: Hocuspocus 3 has no hook that rewrites an awareness update (4.x has
   * beforeHandleAwareness) and reads the frame from this same buffer once beforeHandleMessage resolves.
   */
  filter(connection: Connection, document: Document, frame: Uint8Array) {
    const d = decoding.createDecoder(frame);
    decoding.readVarString(d);
    const typeAt = d.pos;
    if (decoding.readVarUint(d) !== MessageType.Awareness) throw new Error("not an awareness frame");
    const entries = readEntries(decoding.readVarUint8Array(d));
    const own = entries.filter((e) => this.mayWrite(connection, document, e));
    if (own.length === entries.length) return;
    if (own.length) applyAwarenessUpdate(document.awareness, writeEntries(own), connection.webSocket);
    frame[typeAt] = MessageType.QueryAwareness;
  }

  /**
   * After a connection of `document` closed: its entries are removed. Hocuspocus removes only the ids it saw
   * added on that connection, not one re-set after its earlier removal (a provider that reconnected).
   */
  release(document: Document) {
    const owners = this.owners.get(document);
    if (!owners) return;
    const left: number[] = [];
    for (const [clientId, owner] of owners) {
      if (document.hasConnection(owner)) continue;
      owners.delete(clientId);
      if (document.awareness.states.has(clientId)) left.push(clientId);
    }
    if (left.length) removeAwarenessStates(document.awareness, left, null);
  }

  private mayWrite(connection: Connection, document: Document, e: Entry): boolean {
    let owners = this.owners.get(document);
    if (!owners) this.owners.set(document, (owners = new Map()));
    const owner = owners.get(e.clientId);
    if (owner === connection) return true;
    if (owner && document.hasConnection(owner)) return false;
    // A removal of an id it does not hold would still raise that id's clock, shutting its owner out; the
    // server's own id has no entry but is never a client's.
    if (JSON.parse(e.state) === null || e.clientId === document.awareness.clientID) return false;
    if (document.awareness.states.has(e.clientId)) return false;
    owners.set(e.clientId, connection);
    return true;
  }
}

/** The entries of a y-protocols awareness update: client id, clock, state as JSON ("null" removes it). */
function readEntries(update: Uint8Array): Entry[] {
  const d = decoding.createDecoder(update);
  const entries: Entry[] = [];
  for (let n = decoding.readVarUint(d); n > 0; n--)
    entries.push({
      clientId: decoding.readVarUint(d),
      clock: decoding.readVarUint(d),
      state: decoding.readVarString(d),
    });
  return entries;
}

function writeEntries(entries: Entry[]): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, entries.length);
  for (const { clientId, clock, state } of entries) {
    encoding.writeVarUint(e, clientId);
    encoding.writeVarUint(e, clock);
    encoding.writeVarString(e, state);
  }
  return encoding.toUint8Array(e);
}
