import { env } from "@/lib/infra/env";
import { invalid } from "../errors";

// What the CRDT operations share: the row's key and the stored-state limit.

export const NO_CRDT_DATA = "No CRDT data found for this editor ID.";

export interface EditorRef {
  organizationId: string;
  documentId: string;
  editorId: string;
}

/** The editor of the API key in scope that `ref` names (the key of its row, log and versions). */
export function editorKey(scope: { apiKeyId: string }, ref: EditorRef) {
  return {
    apiKeyId: scope.apiKeyId,
    organizationId: ref.organizationId,
    documentId: ref.documentId,
    editorId: ref.editorId,
  };
}

/**
 * A request body is capped at WEFT_MAX_BODY_BYTES (1 MiB), but a document's Yjs state also grows with
 * every update (deletions leave small tombstones), so the stored state has its own cap.
 */
export function storableState(state: Uint8Array): Uint8Array<ArrayBuffer> {
  const limit = env().WEFT_CRDT_MAX_STATE_BYTES;
  if (state.byteLength > limit) {
    throw invalid(
      `CRDT data is too large: the editor's stored state would be ${state.byteLength} bytes; the limit is ${limit} bytes.`,
    );
  }
  return new Uint8Array(state);
}
