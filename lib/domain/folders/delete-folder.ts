import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { removeDocumentData } from "../documents/document-data";
import { notFound } from "../errors";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import { lockOrganization } from "../organizations/organizations-store";
import type { ApiKeyScope } from "../scope";
import { FOLDER_NOT_FOUND } from "./folder-messages";

export const deleteFolderInput = z.strictObject({ organizationId: clientId, folderId: clientId });

/** Deletes the folder, its subfolders, the documents in all of them (with their data) and grants on the folders. */
export async function deleteFolder(scope: ApiKeyScope, input: z.output<typeof deleteFolderInput>, tx: Tx) {
  const org = orgScope(scope, input.organizationId);
  await lockOrganization(tx, org);
  const folders = await tx.folder.findMany({
    where: { ...org, OR: [{ folderId: input.folderId }, { ancestors: { has: input.folderId } }] },
    select: { folderId: true },
  });
  if (!folders.some((f) => f.folderId === input.folderId)) throw notFound(FOLDER_NOT_FOUND);
  const folderIds = folders.map((f) => f.folderId);
  const documents = await tx.document.findMany({
    where: { ...org, folderId: { in: folderIds } },
    select: { documentId: true },
  });
  await removeDocumentData(
    tx,
    org,
    documents.map((d) => d.documentId),
  );
  const folderGrants = { ...org, resourceType: "folder", resourceId: { in: folderIds } };
  await tx.membership.deleteMany({ where: folderGrants });
  await tx.userGroupGrant.deleteMany({ where: folderGrants });
  await tx.folder.deleteMany({ where: { ...org, folderId: { in: folderIds } } });
  return null;
}
