import type { Prisma } from "@/lib/generated/prisma/client";
import type { Reader, Tx } from "@/lib/infra/db";
import { derivedId } from "@/lib/infra/ids";
import { notFound } from "../errors";
import type { AccessType } from "../fields";
import type { OrgScope } from "../organizations/organization-scope";
import { FOLDER_MISSING } from "./folder-messages";
import { placeUnder, type Placement, type TreeFolder } from "./folder-tree";

// The folders area's data access: row ids, tree reads and writes (its raw SQL lives here).

export const folderRowId = (org: OrgScope, folderId: string) =>
  derivedId("fld", [org.apiKeyId, org.organizationId, folderId]);

export const treeSelect = {
  id: true,
  folderId: true,
  folderName: true,
  parentFolderId: true,
  ancestors: true,
  accessType: true,
  inheritAccessFromParent: true,
} as const;

/** The organization's folders matching `where`, keyed by folderId. */
export async function loadFolders(
  tx: Reader,
  org: OrgScope,
  where: Prisma.FolderWhereInput,
): Promise<Map<string, TreeFolder>> {
  const rows = await tx.folder.findMany({
    where: { ...where, apiKeyId: org.apiKeyId, organizationId: org.organizationId },
    select: treeSelect,
  });
  return new Map(rows.map((r) => [r.folderId, { ...r, accessType: r.accessType as AccessType }]));
}

export function newFolderRow(org: OrgScope, folderId: string, folderName: string | null, placement: Placement) {
  return { id: folderRowId(org, folderId), ...org, folderId, folderName, ...placement };
}

/** Writes name and placement of many folders in one statement. */
export async function writeFolders(tx: Tx, org: OrgScope, folders: TreeFolder[]) {
  if (!folders.length) return;
  const rows = folders.map((f) => ({
    folderId: f.folderId,
    folderName: f.folderName,
    parentFolderId: f.parentFolderId,
    ancestors: f.ancestors,
    accessType: f.accessType,
    inherit: f.inheritAccessFromParent,
  }));
  await tx.$executeRaw`
    UPDATE "Folder" AS f
    SET "folderName" = v."folderName", "parentFolderId" = v."parentFolderId", "ancestors" = v."ancestors",
        "accessType" = v."accessType", "inheritAccessFromParent" = v."inherit", "updatedAt" = now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS v("folderId" text, "folderName" text, "parentFolderId" text, "ancestors" text[], "accessType" text, "inherit" boolean)
    WHERE f."apiKeyId" = ${org.apiKeyId} AND f."organizationId" = ${org.organizationId} AND f."folderId" = v."folderId"`;
}

const CREATE_FOLDER_HINT = " Pass createFolder: true to create it.";

/**
 * The folder must exist; with `create` it is made first at the top level, in the caller's transaction. Returns
 * its effective access type.
 */
export async function ensureFolder(
  tx: Tx,
  org: OrgScope,
  folderId: string,
  create: boolean,
  hint = CREATE_FOLDER_HINT,
): Promise<{ accessType: AccessType }> {
  if (create) {
    await tx.folder.createMany({
      data: [newFolderRow(org, folderId, null, placeUnder(null, undefined))],
      skipDuplicates: true,
    });
  }
  const found = await tx.folder.findUnique({
    where: { apiKeyId_organizationId_folderId: { ...org, folderId } },
    select: { accessType: true },
  });
  if (!found) throw notFound(FOLDER_MISSING + hint);
  return { accessType: found.accessType as AccessType };
}
