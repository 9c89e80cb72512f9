import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { editorRefFields, requiredId, type CrdtType } from "./crdt-input";
import { editorKey } from "./crdt-document";
import { docFromState, readContent } from "./yjs-content";

// What the version verbs share: how a version is named in a request, read, and shown.

export const VERSION_NOT_FOUND = "Version does not exist.";

export const versionRefInput = z.strictObject({
  ...editorRefFields,
  versionId: requiredId("versionId", "Version ID is required."),
});
export type VersionRef = z.output<typeof versionRefInput>;

export const versionColumns = {
  id: true,
  name: true,
  type: true,
  contentKey: true,
  size: true,
  savedByUserId: true,
  apiKeyId: true,
  createdAt: true,
} as const;

type VersionRow = {
  id: string;
  name: string;
  type: string;
  contentKey: string;
  size: number;
  savedByUserId: string | null;
  apiKeyId: string;
  createdAt: Date;
};

export function versionSummary(row: VersionRow) {
  return {
    versionId: row.id,
    versionName: row.name,
    timestamp: row.createdAt.getTime(),
    savedBy: row.savedByUserId ?? row.apiKeyId,
    size: row.size,
    type: row.type as CrdtType,
    contentKey: row.contentKey,
  };
}

/** One version of the editor with its state; NOT_FOUND when the editor has no such version. */
export async function readVersion(tx: Reader, scope: ApiKeyScope, ref: VersionRef) {
  const row = await tx.crdtVersion.findFirst({
    where: { ...editorKey(scope, ref), id: ref.versionId },
    select: { ...versionColumns, state: true },
  });
  if (!row) throw notFound(VERSION_NOT_FOUND);
  return row;
}

/** A version's content as /v2/crdt/get shows it. */
export function versionContent(row: { state: Uint8Array; type: string; contentKey: string }) {
  return readContent(docFromState(row.state), row.type as CrdtType, row.contentKey);
}
