import type { Tx } from "@/lib/infra/db";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { editorKey } from "./crdt-document";
import { VERSION_NOT_FOUND, versionRefInput, type VersionRef } from "./crdt-versions";

export const deleteCrdtVersionInput = versionRefInput;

export async function deleteCrdtVersion(scope: ApiKeyScope, input: VersionRef, tx: Tx) {
  const { count } = await tx.crdtVersion.deleteMany({ where: { ...editorKey(scope, input), id: input.versionId } });
  if (!count) throw notFound(VERSION_NOT_FOUND);
  return null;
}
