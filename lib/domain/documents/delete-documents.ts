import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, type ItemResults, byClientId, type ItemResult } from "../batch";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { removeDocumentData } from "./document-data";
import { DOCUMENT_MISSING, documentRowId } from "./documents-store";

export const deleteDocumentsInput = z.strictObject({
  organizationId: clientId,
  documentIds: batchOf(clientId),
});

/**
 * Removes the documents and everything stored under their ids. A document that does not exist is reported
 * as success with "Document does not exist" (the spec's reply; wire notes, decision 1).
 */
export async function deleteDocuments(
  scope: ApiKeyScope,
  input: z.output<typeof deleteDocumentsInput>,
  tx: Tx,
): Promise<ItemResults> {
  const org = orgScope(scope, input.organizationId);
  assertDistinct(input.documentIds, "documentIds");
  const existing = await tx.document.findMany({
    where: { ...org, documentId: { in: input.documentIds } },
    select: { documentId: true },
  });
  const found = new Set(existing.map((d) => d.documentId));
  await removeDocumentData(tx, org, [...found]);
  const results = byClientId<ItemResult>();
  for (const documentId of input.documentIds) {
    const id = documentRowId(org, documentId);
    results[documentId] = found.has(documentId)
      ? { success: true, id, message: "Deleted Successfully" }
      : { success: true, id, message: DOCUMENT_MISSING };
  }
  return results;
}

/**
 * v1 Delete Documents: a missing document is a failed item inline, `{success:false, id:<documentId>, message,
 * code:"not-found"}`, still in an HTTP 200 (the reference's current v1 reply, issue 27 item 7).
 */
export async function deleteDocumentsV1(
  scope: ApiKeyScope,
  input: z.output<typeof deleteDocumentsInput>,
  tx: Tx,
): Promise<ItemResults> {
  const results = await deleteDocuments(scope, input, tx);
  for (const documentId of input.documentIds) {
    if (results[documentId].message === DOCUMENT_MISSING)
      results[documentId] = { success: false, id: documentId, message: DOCUMENT_MISSING, code: "not-found" };
  }
  return results;
}
