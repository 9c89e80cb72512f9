import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { notFound } from "../errors";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import { listPageInput, pageArgs, takePage } from "../paging";
import type { ApiKeyScope } from "../scope";
import { searchField, searchWhere } from "../search";

// The console's browse of an organization's documents, whatever the key's advanced queries switch says.

export const listDocumentsInput = listPageInput.extend({
  organizationId: clientId,
  folderId: clientId.optional(),
  search: searchField,
});

export const documentRefInput = z.strictObject({ organizationId: clientId, documentId: clientId });

export const DOCUMENT_NOT_FOUND = "Document not found.";

const documentSelect = {
  id: true,
  documentId: true,
  documentName: true,
  folderId: true,
  accessType: true,
  inheritAccessFromParent: true,
  disabled: true,
  createdAt: true,
  updatedAt: true,
} as const;

interface DocumentRow {
  documentId: string;
  documentName: string | null;
  folderId: string | null;
  accessType: string;
  inheritAccessFromParent: boolean;
  disabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const documentView = (d: DocumentRow) => ({
  documentId: d.documentId,
  documentName: d.documentName,
  folderId: d.folderId,
  accessType: d.accessType,
  inheritAccessFromParent: d.inheritAccessFromParent,
  disabled: d.disabled,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

/** A page of the organization's documents (of one folder with `folderId`), matching `search` in id or name. */
export async function listDocuments(scope: ApiKeyScope, input: z.output<typeof listDocumentsInput>, tx: Reader) {
  const rows = await tx.document.findMany({
    ...pageArgs(input, {
      ...orgScope(scope, input.organizationId),
      ...(input.folderId !== undefined && { folderId: input.folderId }),
      ...searchWhere(input.search, ["documentId", "documentName"]),
    }),
    select: documentSelect,
  });
  const { page, nextPageToken } = takePage(rows, input.pageSize);
  return { documents: page.map(documentView), nextPageToken };
}

/**
 * One document with the users given access to it (Add Users, Add Permissions: their role and expiry); NOT_FOUND
 * when the organization has no such document.
 */
export async function readDocument(scope: ApiKeyScope, input: z.output<typeof documentRefInput>, tx: Reader) {
  const org = orgScope(scope, input.organizationId);
  const document = await tx.document.findFirst({
    where: { ...org, documentId: input.documentId },
    select: documentSelect,
  });
  if (!document) throw notFound(DOCUMENT_NOT_FOUND);
  const members = await tx.membership.findMany({
    where: { ...org, resourceType: "document", resourceId: input.documentId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 100,
    select: { userId: true, accessRole: true, expiresAt: true, user: { select: { name: true, email: true } } },
  });
  return {
    ...documentView(document),
    members: members.map((m) => ({
      userId: m.userId,
      name: m.user.name,
      email: m.user.email,
      accessRole: m.accessRole,
      expiresAt: m.expiresAt?.toISOString() ?? null,
    })),
  };
}
