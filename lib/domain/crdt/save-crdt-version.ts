import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { editorKey, NO_CRDT_DATA } from "./crdt-document";
import { editorRefFields } from "./crdt-input";
import { currentState } from "./crdt-log";
import { versionColumns, versionSummary } from "./crdt-versions";

export const saveCrdtVersionInput = z.strictObject({
  ...editorRefFields,
  versionName: z.string().min(1, { error: "versionName is required." }).max(200),
  /** The user the version is saved for (shown as savedBy; erased with the user's data). */
  userId: z.string().min(1).max(512).optional(),
});

/** Saves the editor's current state (live edits acknowledged so far included) as a named version. */
export async function saveCrdtVersion(scope: ApiKeyScope, input: z.output<typeof saveCrdtVersionInput>, tx: Tx) {
  const key = editorKey(scope, input);
  const current = await currentState(tx, key);
  if (!current?.row) throw notFound(NO_CRDT_DATA);
  const row = await tx.crdtVersion.create({
    data: {
      id: newId("ver"),
      ...key,
      name: input.versionName,
      type: current.row.type,
      contentKey: current.row.contentKey,
      state: new Uint8Array(current.state),
      size: current.state.byteLength,
      savedByUserId: input.userId ?? null,
    },
    select: versionColumns,
  });
  return versionSummary(row);
}
