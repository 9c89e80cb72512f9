import * as Y from "yjs";
import type { Tx } from "@/lib/infra/db";
import { DomainError } from "../errors";
import type { ApiKeyScope } from "../scope";
import { storableState } from "./crdt-document";
import { DEFAULT_CONTENT_KEY, type CrdtWriteInput } from "./crdt-input";
import { writeContent } from "./yjs-content";

export const CRDT_EXISTS = "CRDT data already exists for this editor ID.";

export async function addCrdtData(scope: ApiKeyScope, input: CrdtWriteInput, tx: Tx) {
  const contentKey = input.contentKey ?? DEFAULT_CONTENT_KEY;
  const doc = new Y.Doc();
  writeContent(doc, input.type, contentKey, input.data);
  const state = storableState(Y.encodeStateAsUpdate(doc));
  const { count } = await tx.crdtDocument.createMany({
    data: [
      {
        apiKeyId: scope.apiKeyId,
        organizationId: input.organizationId,
        documentId: input.documentId,
        editorId: input.editorId,
        type: input.type,
        contentKey,
        state,
        lastUpdatedBy: scope.apiKeyId,
      },
    ],
    skipDuplicates: true,
  });
  if (count === 0) throw new DomainError("ALREADY_EXISTS", CRDT_EXISTS);
  return null;
}
