import { z } from "zod";
import type { Reader, Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, type ItemResults } from "../batch";
import { accessType, clientId } from "../fields";
import { ensureFolder } from "../folders/folder-rows";
import { ensureOrganization, orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { documentRowId } from "./document-rows";

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

export const DOCUMENT_EXISTS = "Document already exists";

/** New documents are added in one statement; one that exists already is an item failure and stays as it was. */
export async function addDocuments(scope: ApiKeyScope, input: z.output<typeof addDocumentsInput>, tx: Tx): Promise<ItemResults> {
  const org = orgScope(scope, input.organizationId);
  assertDistinct(input.documents.map((d) => d.documentId), "documents", "documentId");
  await ensureOrganization(tx, org, input.createOrganization ?? false);
  if (input.folderId !== undefined) await ensureFolder(tx, org, input.folderId, input.createFolder ?? false);
  const rows = input.documents.map((d) => ({
    id: documentRowId(org, d.documentId),
    documentId: d.documentId,
    documentName: d.documentName ?? null,
    accessType: d.accessType ?? null,
    disabled: d.disabled ?? null,
  }));
  // One INSERT ... SELECT FROM jsonb_to_recordset for the whole batch: Prisma's createMany binds every
  // column of every row as its own parameter, which costs several times more per row.
  const created = await tx.$queryRaw<{ documentId: string }[]>`
    INSERT INTO "Document" ("id", "apiKeyId", "organizationId", "documentId", "documentName", "folderId", "accessType", "disabled", "createdAt", "updatedAt")
    SELECT v."id", ${org.apiKeyId}, ${org.organizationId}, v."documentId", v."documentName", ${input.folderId ?? null},
           COALESCE(v."accessType", 'public'), COALESCE(v."disabled", false), now(), now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
         AS v("id" text, "documentId" text, "documentName" text, "accessType" text, "disabled" boolean)
    ON CONFLICT DO NOTHING
    RETURNING "documentId"`;
  const added = new Set(created.map((d) => d.documentId));
  const results: ItemResults = {};
  for (const { documentId } of input.documents) {
    const id = documentRowId(org, documentId);
    results[documentId] = added.has(documentId)
      ? { success: true, id, message: "Added Successfully" }
      : { success: false, id, message: DOCUMENT_EXISTS };
  }
  return results;
}
