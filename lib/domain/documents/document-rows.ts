import type { Reader, Tx } from "@/lib/infra/db";
import { derivedId } from "@/lib/infra/ids";
import { notFound } from "../errors";
import type { OrgScope } from "../organizations/organization-scope";

export const documentRowId = (org: OrgScope, documentId: string) => derivedId("doc", [org.apiKeyId, org.organizationId, documentId]);

export const DOCUMENT_MISSING = "Document does not exist";
const CREATE_DOCUMENT_HINT = ". Pass createDocument: true to create it.";

/** The document must exist; with `create` it is made first (outside any folder), in the caller's transaction. */
export async function ensureDocument(tx: Tx, org: OrgScope, documentId: string, create: boolean) {
  if (create) {
    await tx.document.createMany({ data: [{ id: documentRowId(org, documentId), ...org, documentId }], skipDuplicates: true });
    return;
  }
  const found = await tx.document.findUnique({ where: { apiKeyId_organizationId_documentId: { ...org, documentId } }, select: { id: true } });
  if (!found) throw notFound(DOCUMENT_MISSING + CREATE_DOCUMENT_HINT);
}
