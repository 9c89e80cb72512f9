import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, byClientId } from "../batch";
import { accessType, clientId, type AccessType } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import { lockOrganization } from "../organizations/organizations-store";
import type { ApiKeyScope } from "../scope";
import { DOCUMENT_MISSING, updateExistingDocuments } from "./documents-store";

export const updateDocumentsAccessInput = z.strictObject({
  organizationId: clientId,
  documentIds: batchOf(clientId),
  accessType: accessType.default("public"),
});

type Result = { success: boolean; accessType?: AccessType; message: string };

/**
 * Gives documents their own access type (they stop inheriting their folder's). Who may open them changes at
 * once: live connections that lose access close at their next check (docs/live.md).
 */
export async function updateDocumentsAccess(
  scope: ApiKeyScope,
  input: z.output<typeof updateDocumentsAccessInput>,
  tx: Tx,
) {
  const org = orgScope(scope, input.organizationId);
  assertDistinct(input.documentIds, "documentIds");
  await lockOrganization(tx, org);
  const found = await updateExistingDocuments(tx, org, input.documentIds, {
    accessType: input.accessType,
    inheritAccessFromParent: false,
  });
  const results = byClientId<Result>();
  for (const documentId of input.documentIds) {
    results[documentId] = found.has(documentId)
      ? { success: true, accessType: input.accessType, message: "Document access type updated." }
      : { success: false, message: DOCUMENT_MISSING };
  }
  return results;
}
