import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, byClientId } from "../batch";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { DOCUMENT_MISSING, updateExistingDocuments } from "./documents-store";

export const updateDocumentsDisabledStateInput = z.strictObject({
  organizationId: clientId,
  documentIds: batchOf(clientId),
  disabled: z.boolean(),
});

type Result = { success: boolean; disabled?: boolean; message: string };

/**
 * Switches end users' access to documents off (or on again): live connections of users close at their next
 * check; the key's own REST calls keep reading and writing them (docs/organizations.md).
 */
export async function updateDocumentsDisabledState(
  scope: ApiKeyScope,
  input: z.output<typeof updateDocumentsDisabledStateInput>,
  tx: Tx,
) {
  const org = orgScope(scope, input.organizationId);
  assertDistinct(input.documentIds, "documentIds");
  const found = await updateExistingDocuments(tx, org, input.documentIds, { disabled: input.disabled });
  const results = byClientId<Result>();
  for (const documentId of input.documentIds) {
    results[documentId] = found.has(documentId)
      ? { success: true, disabled: input.disabled, message: "Document disabled state updated." }
      : { success: false, message: DOCUMENT_MISSING };
  }
  return results;
}
