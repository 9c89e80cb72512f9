import type { Reader, Tx } from "@/lib/infra/db";
import { invalid, notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { editorKey, storableState, NO_CRDT_DATA, type EditorRef } from "./crdt-document";
import type { CrdtWriteInput } from "./crdt-input";
import { compactInto, currentState } from "./crdt-log";
import { replacementUpdate } from "./yjs-content";

// Update CRDT Data in two steps. The change is computed from the editor's current state (the row with the
// live edits logged since folded in), so a "replace" really replaces text typed live a moment earlier; it is
// then merged under a row lock into whatever is stored by then, so two concurrent updates computed from the
// same state both land, as two clients' edits would, instead of the later write overwriting the earlier one.

/** Step 1, a read: the Yjs update that makes the editor hold `input.data` (null when nothing changes). */
export async function planCrdtUpdate(
  scope: ApiKeyScope,
  input: CrdtWriteInput,
  reader: Reader,
): Promise<Uint8Array | null> {
  const current = await currentState(reader, editorKey(scope, input));
  const row = current?.row;
  if (!current || !row) throw notFound(NO_CRDT_DATA);
  if (row.type !== input.type)
    throw invalid(`CRDT data for this editor ID has type ${row.type}; it cannot be updated as ${input.type}.`);
  if (input.contentKey !== undefined && input.contentKey !== row.contentKey) {
    throw invalid(
      `CRDT data for this editor ID is stored under contentKey "${row.contentKey}", not "${input.contentKey}".`,
    );
  }
  return replacementUpdate(current.state, row.type, row.contentKey, input.data);
}

/**
 * Step 2, in the write transaction: merges the planned update (and the pending log) into the locked row.
 * Restoring a version ends the same way.
 */
export async function updateCrdtData(scope: ApiKeyScope, ref: EditorRef, update: Uint8Array | null, tx: Tx) {
  const written = await compactInto(tx, editorKey(scope, ref), {
    extra: update,
    lastUpdatedBy: scope.apiKeyId,
    check: storableState,
  });
  if (!written) throw notFound(NO_CRDT_DATA);
  return update;
}
