import { Prisma } from "@/lib/generated/prisma/client";
import { preparedRead, type Reader, type Tx } from "@/lib/infra/db";
import { derivedId } from "@/lib/infra/ids";
import { notFound } from "../errors";
import type { AccessType } from "../fields";
import type { OrgScope } from "../organizations/organization-scope";
import { readServiceConfig } from "../api-keys/service-config";

// The documents area's data access: row ids, existence checks and its raw SQL.

export const documentRowId = (org: OrgScope, documentId: string) =>
  derivedId("doc", [org.apiKeyId, org.organizationId, documentId]);

export const DOCUMENT_MISSING = "Document does not exist";
const CREATE_DOCUMENT_HINT = ". Pass createDocument: true to create it.";

/**
 * The access type a top-level document inherits (one created without its own): the key's
 * defaultDocumentAccessType (Update API Key Config).
 */
export async function defaultAccessType(db: Reader, apiKeyId: string): Promise<AccessType> {
  return ((await readServiceConfig(db, apiKeyId)).defaultDocumentAccessType ?? "public") as AccessType;
}

/** The document must exist; with `create` it is made first (outside any folder), in the caller's transaction. */
export async function ensureDocument(tx: Tx, org: OrgScope, documentId: string, create: boolean) {
  if (create) {
    const accessType = await defaultAccessType(tx, org.apiKeyId);
    await tx.document.createMany({
      data: [{ id: documentRowId(org, documentId), ...org, documentId, accessType, inheritAccessFromParent: true }],
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
  accessType?: AccessType;
  disabled?: boolean;
}

/**
 * Inserts the documents that do not exist yet, in one INSERT ... SELECT FROM jsonb_to_recordset for the whole
 * batch (Prisma's createMany binds every column of every row as its own parameter, which costs several times
 * more per row). A document without its own access type inherits `inherited` (its folder's, or at the top level
 * the key's default). Returns the documentIds that were new.
 */
export async function insertNewDocuments(
  tx: Tx,
  org: OrgScope,
  documents: NewDocument[],
  folderId: string | null,
  inherited: AccessType,
) {
  const rows = documents.map((d) => ({
    id: documentRowId(org, d.documentId),
    documentId: d.documentId,
    documentName: d.documentName ?? null,
    accessType: d.accessType ?? inherited,
    inherit: d.accessType === undefined,
    disabled: d.disabled ?? null,
  }));
  const created = await tx.$queryRaw<{ documentId: string }[]>`
    INSERT INTO "Document" ("id", "apiKeyId", "organizationId", "documentId", "documentName", "folderId", "accessType",
                            "inheritAccessFromParent", "disabled", "createdAt", "updatedAt")
    SELECT v."id", ${org.apiKeyId}, ${org.organizationId}, v."documentId", v."documentName", ${folderId},
           v."accessType", v."inherit", COALESCE(v."disabled", false), now(), now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
         AS v("id" text, "documentId" text, "documentName" text, "accessType" text, "inherit" boolean, "disabled" boolean)
    ON CONFLICT DO NOTHING
    RETURNING "documentId"`;
  return new Set(created.map((d) => d.documentId));
}

/**
 * Puts documents into a folder (null: the top level); those that inherit their access type take `inherited`.
 * Returns the documentIds that exist.
 */
export async function moveDocuments(
  tx: Tx,
  org: OrgScope,
  documentIds: string[],
  folderId: string | null,
  inherited: AccessType,
): Promise<Set<string>> {
  const rows = await tx.$queryRaw<{ documentId: string }[]>`
    UPDATE "Document"
    SET "folderId" = ${folderId},
        "accessType" = CASE WHEN "inheritAccessFromParent" THEN ${inherited} ELSE "accessType" END,
        "updatedAt" = now()
    WHERE "apiKeyId" = ${org.apiKeyId} AND "organizationId" = ${org.organizationId}
      AND "documentId" = ANY(${documentIds}::text[])
    RETURNING "documentId"`;
  return new Set(rows.map((r) => r.documentId));
}

/** Sets `data` on those of the documents that exist; returns their documentIds. */
export async function updateExistingDocuments(
  tx: Tx,
  org: OrgScope,
  documentIds: string[],
  data: Prisma.DocumentUpdateManyMutationInput,
): Promise<Set<string>> {
  const rows = await tx.document.updateManyAndReturn({
    where: { ...org, documentId: { in: documentIds } },
    data,
    select: { documentId: true },
  });
  return new Set(rows.map((r) => r.documentId));
}

/** Renames documents (a null name keeps the stored one); returns the documentIds that exist. */
export async function renameDocuments(
  tx: Tx,
  org: OrgScope,
  items: { documentId: string; documentName: string | null }[],
): Promise<Set<string>> {
  const rows = await tx.$queryRaw<{ documentId: string }[]>`
    UPDATE "Document" AS d
    SET "documentName" = COALESCE(v."documentName", d."documentName"), "updatedAt" = now()
    FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS v("documentId" text, "documentName" text)
    WHERE d."apiKeyId" = ${org.apiKeyId} AND d."organizationId" = ${org.organizationId} AND d."documentId" = v."documentId"
    RETURNING d."documentId"`;
  return new Set(rows.map((r) => r.documentId));
}

/** Documents in these folders that inherit their access type take their folder's again (after it changed). */
export async function inheritFolderAccess(tx: Tx, org: OrgScope, folderIds: string[]) {
  if (!folderIds.length) return;
  await tx.$executeRaw`
    UPDATE "Document" AS d SET "accessType" = f."accessType", "updatedAt" = now()
    FROM "Folder" AS f
    WHERE d."apiKeyId" = ${org.apiKeyId} AND d."organizationId" = ${org.organizationId}
      AND d."folderId" = ANY(${folderIds}::text[]) AND d."inheritAccessFromParent"
      AND f."apiKeyId" = d."apiKeyId" AND f."organizationId" = d."organizationId" AND f."folderId" = d."folderId"
      AND d."accessType" <> f."accessType"`;
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
