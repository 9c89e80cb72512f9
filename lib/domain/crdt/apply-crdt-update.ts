import { z } from "zod";
import * as Y from "yjs";
import type { Tx } from "@/lib/infra/db";
import { invalid } from "../errors";
import type { ApiKeyScope } from "../scope";
import { editorKey, storableState } from "./crdt-document";
import { base64Field, editorRefFields } from "./crdt-input";
import { compactInto, createRowIfMissing, firstRoot, foldUpdates, readLog } from "./crdt-log";
import { docFromState, scratchDoc } from "./yjs-content";

export const applyCrdtUpdateInput = z.strictObject({
  ...editorRefFields,
  update: base64Field("update"),
});

/**
 * Merges a raw Yjs update into the editor, as a live client's edit would be: under the same state limit, durable
 * once the call answers, and creating the editor's row when it has none (typed after its first non-empty root).
 * Returns the update for open live documents.
 */
export async function applyCrdtUpdate(scope: ApiKeyScope, input: z.output<typeof applyCrdtUpdateInput>, tx: Tx) {
  const update = input.update;
  try {
    Y.applyUpdate(scratchDoc(), update);
  } catch {
    throw invalid("update is not a Yjs update.");
  }
  const key = editorKey(scope, input);
  const opts = { extra: update, lastUpdatedBy: scope.apiKeyId, check: storableState };
  if (await compactInto(tx, key, opts)) return update;
  // No row yet: the update (with anything live clients logged before it) makes the editor's first state.
  const log = await readLog(tx, key);
  const state = storableState(foldUpdates(undefined, [...log.map((l) => l.update), update]));
  const root = firstRoot(docFromState(state));
  if (!root) throw invalid("The update holds no content: there is nothing to store for this editor.");
  const created = await createRowIfMissing(tx, key, { ...root, state, lastUpdatedBy: scope.apiKeyId });
  if (!created) await compactInto(tx, key, opts);
  else if (log.length) await tx.crdtUpdate.deleteMany({ where: { ...key, id: { in: log.map((l) => l.id) } } });
  return update;
}
