import type { Reader, Tx } from "@/lib/infra/db";
import { invalid, notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { storableState, editorKey, NO_CRDT_DATA } from "./crdt-document";
import type { CrdtType, CrdtWriteInput } from "./crdt-input";
import { mergeIntoState, replacementUpdate } from "./yjs-content";

/**
 * Replaces an editor's content through a Yjs update. The update is computed from the state as read, then
 * merged under a row lock into whatever is stored by then: two concurrent updates both land, as two
 * clients' edits would, instead of the later write overwriting the earlier one.
 */
export async function prepareCrdtUpdate(scope: ApiKeyScope, input: CrdtWriteInput, db: Reader) {
  const key = editorKey(scope, input);
  const current = await db.crdtDocument.findUnique({ where: key, select: { type: true, contentKey: true, state: true } });
  if (!current) throw notFound(NO_CRDT_DATA);
  if (current.type !== input.type) throw invalid(`CRDT data for this editor ID has type ${current.type}; it cannot be updated as ${input.type}.`);
  if (input.contentKey !== undefined && input.contentKey !== current.contentKey) {
    throw invalid(`CRDT data for this editor ID is stored under contentKey "${current.contentKey}", not "${input.contentKey}".`);
  }
  return replacementUpdate(current.state, current.type as CrdtType, current.contentKey, input.data);
}

/** Merges the update `prepareCrdtUpdate` computed (before the transaction) under the row lock. */
export async function updateCrdtData(scope: ApiKeyScope, input: CrdtWriteInput, tx: Tx, update: Uint8Array | null) {
  const key = editorKey(scope, input);
  const locked = await tx.$queryRaw<{ state: Uint8Array }[]>`
    SELECT "state" FROM "CrdtDocument"
    WHERE "apiKeyId" = ${scope.apiKeyId} AND "organizationId" = ${input.organizationId}
      AND "documentId" = ${input.documentId} AND "editorId" = ${input.editorId}
    FOR UPDATE`;
  if (!locked[0]) throw notFound(NO_CRDT_DATA);
  const state = storableState(mergeIntoState(new Uint8Array(locked[0].state), update));
  await tx.crdtDocument.update({ where: key, data: { state, lastUpdatedBy: scope.apiKeyId } });
  return null;
}
