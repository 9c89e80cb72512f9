import { Prisma } from "@/lib/generated/prisma/client";
import { preparedRead, type Reader, type Tx } from "@/lib/infra/db";
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

export interface DocumentPage {
  /** The key's advanced-queries flag: false or null (no such key) means the page was not read. */
  allowed: boolean | null;
  /** The page as the JSON array Get Documents answers: exactly documentOutput's fields, in its order. */
  json: string | null;
  /** Whether a document follows the page. */
  more: boolean | null;
  /** The keyset position of the page's last document (epoch ms as text, and row id), when `more`. */
  lastAt: string | null;
  lastId: string | null;
}

export interface DocumentPageQuery {
  apiKeyId: string;
  organizationId: string;
  documentIds?: string[];
  folderId?: string;
  /** Keyset position of the previous page's last row. */
  after?: { at: Date; id: string };
  pageSize: number;
}

/**
 * Get Documents' read: the key's advanced-queries flag and one page of documents in (createdAt, id) order, in
 * one prepared statement (lib/infra/db.ts) that writes the page's JSON itself (lib/domain/json-text.ts): no row
 * becomes an object on the way out. Each combination of filters is its own statement, so PostgreSQL's generic
 * plan of each still starts its index scan at the right place. Without the flag: allowed false, no page.
 */
export async function readDocumentsPage(tx: Reader, q: DocumentPageQuery): Promise<DocumentPage> {
  const name = ["documents_json", q.documentIds && "ids", q.folderId !== undefined && "folder", q.after && "after"]
    .filter(Boolean)
    .join("_");
  const ids = q.documentIds ? Prisma.sql`AND d."documentId" = ANY(${q.documentIds}::text[])` : Prisma.empty;
  const folder = q.folderId !== undefined ? Prisma.sql`AND d."folderId" = ${q.folderId}` : Prisma.empty;
  const after = q.after
    ? Prisma.sql`AND d."createdAt" >= ${q.after.at} AND (d."createdAt" > ${q.after.at} OR d."id" > ${q.after.id})`
    : Prisma.empty;
  // to_json(text)::text escapes a string exactly as JSON.stringify does; absent optional fields are left out.
  const rows = await preparedRead<DocumentPage>(
    tx,
    name,
    Prisma.sql`
    SELECT k."advancedQueries" AS "allowed", p."json", p."more", p."lastAt", p."lastId"
    FROM "ApiKey" k
    LEFT JOIN LATERAL (
      SELECT '[' || COALESCE(string_agg(
               '{"id":' || to_json(d."documentId")::text
               || CASE WHEN d."documentName" IS NULL THEN '' ELSE ',"documentName":' || to_json(d."documentName")::text END
               || ',"disabled":' || CASE WHEN d."disabled" THEN 'true' ELSE 'false' END
               || ',"accessType":' || to_json(d."accessType")::text
               || CASE WHEN d."folderId" IS NULL THEN '' ELSE ',"folderId":' || to_json(d."folderId")::text END
               || '}', ',' ORDER BY d."n") FILTER (WHERE d."n" <= ${q.pageSize}), '') || ']' AS "json",
             count(*) > ${q.pageSize} AS "more",
             max((extract(epoch FROM d."createdAt") * 1000)::bigint::text) FILTER (WHERE d."n" = ${q.pageSize}) AS "lastAt",
             max(d."id") FILTER (WHERE d."n" = ${q.pageSize}) AS "lastId"
      FROM (
        SELECT d."id", d."documentId", d."documentName", d."folderId", d."accessType", d."disabled", d."createdAt",
               row_number() OVER (ORDER BY d."createdAt", d."id") AS "n"
        FROM "Document" d
        WHERE d."apiKeyId" = k."id" AND d."organizationId" = ${q.organizationId} ${ids} ${folder} ${after}
        ORDER BY d."createdAt", d."id"
        LIMIT ${q.pageSize + 1}
      ) d
    ) p ON k."advancedQueries"
    WHERE k."id" = ${q.apiKeyId}`,
  );
  return rows[0] ?? { allowed: null, json: null, more: null, lastAt: null, lastId: null };
}
