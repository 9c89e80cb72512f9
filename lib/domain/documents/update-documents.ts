import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, byClientId, type ItemResult } from "../batch";
import { DomainError } from "../errors";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { documentName } from "./add-documents";
import { DOCUMENT_MISSING, documentRowId, renameDocuments } from "./documents-store";

export const updateDocumentsInput = z.strictObject({
  organizationId: clientId,
  documents: batchOf(z.strictObject({ documentId: clientId, documentName: documentName.optional() })),
});

/** An item of the reply; a failed one also carries `code` ("not-found"). */
export type UpdatedDocument = ItemResult & { code?: "not-found" };

/**
 * Renames documents. Those that exist are updated (and stay updated); if any does not, the call answers
 * "Error updating document(s)." with every item in `details` (failUnlessAllUpdated, after the commit), as the
 * hosted v2 API does.
 */
export async function updateDocuments(scope: ApiKeyScope, input: z.output<typeof updateDocumentsInput>, tx: Tx) {
  const org = orgScope(scope, input.organizationId);
  const ids = input.documents.map((d) => d.documentId);
  assertDistinct(ids, "documents", "documentId");
  const found = await renameDocuments(
    tx,
    org,
    input.documents.map((d) => ({ documentId: d.documentId, documentName: d.documentName ?? null })),
  );
  const results = byClientId<UpdatedDocument>();
  for (const documentId of ids) {
    results[documentId] = found.has(documentId)
      ? { success: true, id: documentRowId(org, documentId), message: "Updated Successfully" }
      : { success: false, id: documentId, message: DOCUMENT_MISSING, code: "not-found" };
  }
  return results;
}

/** The call's answer once the updates have committed: the items, or the partial failure with all of them. */
export function failUnlessAllUpdated(results: Record<string, UpdatedDocument>): Record<string, ItemResult> {
  if (Object.values(results).every((r) => r.success)) return results;
  throw new DomainError("INTERNAL", "Error updating document(s).", results);
}
