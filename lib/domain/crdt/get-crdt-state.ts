import { z } from "zod";
import * as Y from "yjs";
import type { Reader } from "@/lib/infra/db";
import { invalid, notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { editorKey, NO_CRDT_DATA } from "./crdt-document";
import { base64Field, editorRefFields } from "./crdt-input";
import { currentState } from "./crdt-log";

import { docFromState } from "./yjs-content";

export const getCrdtStateInput = z.strictObject({
  ...editorRefFields,
  stateVector: base64Field("stateVector").optional(),
});

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/**
 * The editor's current Yjs state as an update: the whole document, or only what a peer whose state vector is
 * `stateVector` lacks (Yjs's sync step 2), with the document's state vector for the next call.
 */
export async function getCrdtState(scope: ApiKeyScope, input: z.output<typeof getCrdtStateInput>, tx: Reader) {
  const current = await currentState(tx, editorKey(scope, input));
  if (!current?.row) throw notFound(NO_CRDT_DATA);
  const doc = docFromState(current.state);
  let update = current.state;
  if (input.stateVector) {
    try {
      update = Y.encodeStateAsUpdate(doc, input.stateVector);
    } catch {
      throw invalid("stateVector is not a Yjs state vector.");
    }
  }
  return {
    update: b64(update),
    stateVector: b64(Y.encodeStateVector(doc)),
    type: current.row.type,
    contentKey: current.row.contentKey,
  };
}
