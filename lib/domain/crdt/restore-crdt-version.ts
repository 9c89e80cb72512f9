import type { Reader, Tx } from "@/lib/infra/db";
import { invalid, notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { editorKey, NO_CRDT_DATA } from "./crdt-document";
import { currentState } from "./crdt-log";
import { readVersion, versionContent, versionRefInput, versionSummary, type VersionRef } from "./crdt-versions";
import { updateCrdtData } from "./update-crdt-data";
import { replacementUpdate } from "./yjs-content";

export const restoreCrdtVersionInput = versionRefInput;

/**
 * Step 1, a read: the change that makes the editor's content the version's, computed like Update CRDT Data's
 * (the smallest edit, so open editors receive it as ordinary edits and keep their cursors where their text
 * still exists). Null when the content already is the version's.
 */
export async function planCrdtRestore(scope: ApiKeyScope, input: VersionRef, reader: Reader) {
  const [version, current] = await Promise.all([
    readVersion(reader, scope, input),
    currentState(reader, editorKey(scope, input)),
  ]);
  const row = current?.row;
  if (!current || !row) throw notFound(NO_CRDT_DATA);
  if (row.type !== version.type || row.contentKey !== version.contentKey) {
    throw invalid(
      `The version holds type ${version.type} under contentKey "${version.contentKey}"; the editor now holds type ${row.type} under "${row.contentKey}".`,
    );
  }
  return {
    input,
    version: versionSummary(version),
    update: replacementUpdate(current.state, row.type, row.contentKey, versionContent(version)),
  };
}

/** Step 2, in the write transaction: a new change on top of whatever is stored by then. */
export async function restoreCrdtVersion(
  scope: ApiKeyScope,
  input: VersionRef,
  plan: Awaited<ReturnType<typeof planCrdtRestore>>,
  tx: Tx,
) {
  await updateCrdtData(scope, input, plan.update, tx);
  return plan;
}
