import { Prisma } from "@/lib/generated/prisma/client";
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

export interface DocumentPageRow {
  /** The key's advanced-queries flag: false or null (no such key) means the page was not read. */
  allowed: boolean | null;
  id: string | null;
  documentId: string | null;
  documentName: string | null;
  folderId: string | null;
  accessType: string | null;
  disabled: boolean | null;
  createdAt: Date | null;
}

export interface DocumentPageQuery {
  apiKeyId: string;
  organizationId: string;
  documentIds?: string[];
  folderId?: string;
  /** Keyset position of the previous page's last row. */
  after?: { at: Date; id: string };
  take: number;
}

/**
 * Get Documents' read: the key's advanced-queries flag and one page of documents in (createdAt, id) order, in
 * one prepared statement (lib/infra/db.ts). Each combination of filters is its own statement, so PostgreSQL's
 * generic plan of each still starts its index scan at the right place. Without the flag: one row, no document.
 */
export function readDocumentsPage(tx: Reader, q: DocumentPageQuery): Promise<DocumentPageRow[]> {
  const name = ["documents_page", q.documentIds && "ids", q.folderId !== undefined && "folder", q.after && "after"]
    .filter(Boolean)
    .join("_");
  const ids = q.documentIds ? Prisma.sql`AND d."documentId" = ANY(${q.documentIds}::text[])` : Prisma.empty;
  const folder = q.folderId !== undefined ? Prisma.sql`AND d."folderId" = ${q.folderId}` : Prisma.empty;
  const after = q.after
    ? Prisma.sql`AND d."createdAt" >= ${q.after.at} AND (d."createdAt" > ${q.after.at} OR d."id" > ${q.after.id})`
    : Prisma.empty;
  return tx.$queryRaw<DocumentPageRow[]>`/* prepared:${Prisma.raw(name)} */
    SELECT k."advancedQueries" AS "allowed", d."id", d."documentId", d."documentName", d."folderId", d."accessType",
           d."disabled", d."createdAt"
    FROM "ApiKey" k
    LEFT JOIN LATERAL (
      SELECT d."id", d."documentId", d."documentName", d."folderId", d."accessType", d."disabled", d."createdAt"
      FROM "Document" d
      WHERE d."apiKeyId" = k."id" AND d."organizationId" = ${q.organizationId} ${ids} ${folder} ${after}
      ORDER BY d."createdAt", d."id"
      LIMIT ${q.take}
    ) d ON k."advancedQueries"
    WHERE k."id" = ${q.apiKeyId}
    ORDER BY d."createdAt", d."id"`;
}
