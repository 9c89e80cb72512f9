import type { EditorKey } from "@/lib/domain/crdt/crdt-log";
import { liveHandle } from "./live-handle";

/** After a REST write to an editor has committed: its Yjs diff goes to the clients that have it open. */
export function pushToLive(key: EditorKey, update: Uint8Array | null) {
  if (update) liveHandle()?.applyRestUpdate(key, update);
}

/** After editors' CRDT data was deleted: their open live documents are closed, on every instance. */
export function closeLiveEditors(keys: EditorKey[]) {
  const live = liveHandle();
  for (const key of keys) live?.closeEditor(key);
}
