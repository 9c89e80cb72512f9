import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, type ItemResults, byClientId, type ItemResult } from "../batch";
import { accessType, clientId } from "../fields";
import { ensureFolder } from "../folders/folders-store";
import { DEFAULT_ACCESS_TYPE } from "../folders/folder-tree";
import { ensureOrganization, orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { defaultAccessType, documentRowId, insertNewDocuments } from "./documents-store";

export const documentName = z.string().max(1000);

export const addDocumentsInput = z.strictObject({
  organizationId: clientId,
  createOrganization: z.boolean().optional(),
  documents: batchOf(
    z.strictObject({
      documentId: clientId,
      documentName: documentName.optional(),
      accessType: accessType.optional(),
      disabled: z.boolean().optional(),
    }),
  ),
  folderId: clientId.optional(),
  createFolder: z.boolean().optional(),
});

/** v1: the organization and the folder must exist; a document is an id and a name. */
export const addDocumentsV1Input = addDocumentsInput.omit({ createOrganization: true, createFolder: true }).extend({
  documents: batchOf(z.strictObject({ documentId: clientId, documentName: documentName.optional() })),
});

export const DOCUMENT_EXISTS = "Document already exists";

/** New documents are added in one statement; one that exists already is an item failure and stays as it was. */
export async function addDocuments(
  scope: ApiKeyScope,
  input: z.output<typeof addDocumentsInput>,
  tx: Tx,
): Promise<ItemResults> {
  const org = orgScope(scope, input.organizationId);
  assertDistinct(
    input.documents.map((d) => d.documentId),
    "documents",
    "documentId",
  );
  await ensureOrganization(tx, org, input.createOrganization ?? false);
  const folder =
    input.folderId !== undefined ? await ensureFolder(tx, org, input.folderId, input.createFolder ?? false) : undefined;
  // A document without its own access type inherits its folder's, or at the top level the key's default.
  const inherits = input.documents.some((d) => d.accessType === undefined);
  const inherited = folder?.accessType ?? (inherits ? await defaultAccessType(tx, org.apiKeyId) : DEFAULT_ACCESS_TYPE);
  const added = await insertNewDocuments(tx, org, input.documents, input.folderId ?? null, inherited);
  const results = byClientId<ItemResult>();
  for (const { documentId } of input.documents) {
    const id = documentRowId(org, documentId);
    results[documentId] = added.has(documentId)
      ? { success: true, id, message: "Added Successfully" }
      : { success: false, id, message: DOCUMENT_EXISTS };
  }
  return results;
}
