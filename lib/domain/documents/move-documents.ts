import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct } from "../batch";
import { DomainError } from "../errors";
import { clientId } from "../fields";
import { ensureFolder } from "../folders/folders-store";
import { ROOT } from "../folders/folder-tree";
import { orgScope } from "../organizations/organization-scope";
import { lockOrganization } from "../organizations/organizations-store";
import type { ApiKeyScope } from "../scope";
import { defaultAccessType, DOCUMENT_MISSING, moveDocuments as moveRows } from "./documents-store";

export const moveDocumentsInput = z.strictObject({
  organizationId: clientId,
  documentIds: z.array(clientId).min(1).max(30),
  folderId: clientId.describe('The destination folder; "root" moves the documents to the top level.'),
});

/**
 * Moves documents into a folder. A document that inherits its access type takes the folder's (at the top
 * level: the key's default), so who may open it can change at once. A missing folder or document fails the
 * whole call and moves nothing. Under the organization's lock, like the folder changes whose access it reads.
 */
export async function moveDocuments(scope: ApiKeyScope, input: z.output<typeof moveDocumentsInput>, tx: Tx) {
  const org = orgScope(scope, input.organizationId);
  assertDistinct(input.documentIds, "documentIds");
  await lockOrganization(tx, org);
  const toRoot = input.folderId === ROOT;
  const inherited = toRoot
    ? await defaultAccessType(tx, org.apiKeyId)
    : (await ensureFolder(tx, org, input.folderId, false, "")).accessType;
  const moved = await moveRows(tx, org, input.documentIds, toRoot ? null : input.folderId, inherited);
  const missing = input.documentIds.filter((id) => !moved.has(id));
  if (missing.length) throw new DomainError("NOT_FOUND", DOCUMENT_MISSING, { documentIds: missing });
  return null;
}
