import type { Tx } from "@/lib/infra/db";
import { DomainError } from "../errors";
import type { ApiKeyScope } from "../scope";
import { editorKey, storableState } from "./crdt-document";
import { DEFAULT_CONTENT_KEY, type CrdtWriteInput } from "./crdt-input";
import { createRowIfMissing, foldUpdates, readLog } from "./crdt-log";
import { replacementUpdate } from "./yjs-content";

export const CRDT_EXISTS = "CRDT data already exists for this editor ID.";

/**
 * Creates the editor's row. A live client may already have typed into the editor (logged, no row yet):
 * the content is then written as a change against that state, so the live text is replaced, not doubled.
 * Returns the Yjs update that open documents apply (null when nothing changes).
 */
export async function addCrdtData(scope: ApiKeyScope, input: CrdtWriteInput, tx: Tx): Promise<Uint8Array | null> {
  const contentKey = input.contentKey ?? DEFAULT_CONTENT_KEY;
  const key = editorKey(scope, input);
  const log = await readLog(tx, key);
  const base = foldUpdates(
    undefined,
    log.map((l) => l.update),
  );
  const update = replacementUpdate(base, input.type, contentKey, input.data);
  const state = storableState(update ? foldUpdates(base, [update]) : base);
  const created = await createRowIfMissing(tx, key, {
    type: input.type,
    contentKey,
    state,
    lastUpdatedBy: scope.apiKeyId,
  });
  if (!created) throw new DomainError("ALREADY_EXISTS", CRDT_EXISTS);
  if (log.length) await tx.crdtUpdate.deleteMany({ where: { ...key, id: { in: log.map((l) => l.id) } } });
  return update;
}
