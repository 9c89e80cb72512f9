import * as decoding from "lib0/decoding";

// Reading the Yjs update out of a Hocuspocus frame: varString document name, varUint message type
// (0 Sync, 4 SyncReply: both go through the sync handler), varUint sync type (1 SyncStep2, 2 Update),
// varUint8Array update. Anything else carries no document change.

const SYNC = 0;
const SYNC_REPLY = 4;
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/** The document change a frame carries, or undefined (not a change, or an empty one). Throws on a cut frame. */
export function updateOfFrame(frame: Uint8Array): Uint8Array | undefined {
  const d = decoding.createDecoder(frame);
  decoding.readVarString(d);
  const type = decoding.readVarUint(d);
  if (type !== SYNC && type !== SYNC_REPLY) return undefined;
  const syncType = decoding.readVarUint(d);
  if (syncType !== SYNC_STEP_2 && syncType !== SYNC_UPDATE) return undefined;
  const update = decoding.readVarUint8Array(d);
  // An empty update encodes as two zero bytes (no structs, empty delete set).
  return update.length <= 2 ? undefined : update;
}
