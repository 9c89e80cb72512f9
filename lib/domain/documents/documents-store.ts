import type { Reader, Tx } from "@/lib/infra/db";
import { derivedId } from "@/lib/infra/ids";
import { notFound } from "../errors";
import type { OrgScope } from "../organizations/organization-scope";
import { readServiceConfig } from "../api-keys/service-config";

// The documents area's data access: row ids, existence checks and its raw SQL.

export const documentRowId = (org: OrgScope, documentId: string) =>
  derivedId("doc", [org.apiKeyId, org.organizationId, documentId]);

export const DOCUMENT_MISSING = "Document does not exist";
const CREATE_DOCUMENT_HINT = ". Pass createDocument: true to create it.";

/** The access type of a document created without one: the key's defaultDocumentAccessType (Update API Key Config). */
export async function defaultAccessType(db: Reader, apiKeyId: string): Promise<string> {
  return (await readServiceConfig(db, apiKeyId)).defaultDocumentAccessType ?? "public";
}

/** The document must exist; with `create` it is made first (outside any folder), in the caller's transaction. */
export async function ensureDocument(tx: Tx, org: OrgScope, documentId: string, create: boolean) {
  if (create) {
    const accessType = await defaultAccessType(tx, org.apiKeyId);
    await tx.document.createMany({
      data: [{ id: documentRowId(org, documentId), ...org, documentId, accessType }],
      skipDuplicates: true,
    });
    return;
  }
  const found = await tx.document.findUnique({
    where: { apiKeyId_organizationId_documentId: { ...org, documentId } },
    select: { id: true },
  });
  if (!found) throw notFound(DOCUMENT_MISSING + CREATE_DOCUMENT_HINT);
}

export interface NewDocument {
  documentId: string;
  documentName?: string;
  accessType?: string;
  disabled?: boolean;
}

/**
 * Inserts the documents that do not exist yet, in one INSERT ... SELECT FROM jsonb_to_recordset for the whole
 * batch (Prisma's createMany binds every column of every row as its own parameter, which costs several times
 * more per row). Returns the documentIds that were new.
 */
export async function insertNewDocuments(tx: Tx, org: OrgScope, documents: NewDocument[], folderId: string | null) {
  const fallback = documents.some((d) => d.accessType === undefined) ? await defaultAccessType(tx, org.apiKeyId) : null;
  const rows = documents.map((d) => ({
    id: documentRowId(org, d.documentId),
    documentId: d.documentId,
    documentName: d.documentName ?? null,
    accessType: d.accessType ?? fallback,
    disabled: d.disabled ?? null,
  }));
  const created = await tx.$queryRaw<{ documentId: string }[]>`
    INSERT INTO "Document" ("id", "apiKeyId", "organizationId", "documentId", "documentName", "folderId", "accessType", "disabled", "createdAt", "updatedAt")
    SELECT v."id", ${org.apiKeyId}, ${org.organizationId}, v."documentId", v."documentName", ${folderId},
           v."accessType", COALESCE(v."disabled", false), now(), now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
         AS v("id" text, "documentId" text, "documentName" text, "accessType" text, "disabled" boolean)
    ON CONFLICT DO NOTHING
    RETURNING "documentId"`;
  return new Set(created.map((d) => d.documentId));
}
