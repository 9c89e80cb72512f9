import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { requireAdvancedQueries } from "../advanced-queries";
import { assertDistinct, batchOf, type ItemResults, byClientId, type ItemResult } from "../batch";
import { invalid } from "../errors";
import { accessType, clientId } from "../fields";
import { ensureOrganization, orgScope } from "../organizations/organization-scope";
import { lockOrganization } from "../organizations/organizations-store";
import type { ApiKeyScope } from "../scope";
import { FOLDER_EXISTS, PARENT_MISSING } from "./folder-messages";
import { loadFolders, newFolderRow } from "./folders-store";
import { placeUnder, ROOT } from "./folder-tree";

export const folderName = z.string().max(1000);

const folderItem = z.strictObject({
  folderId: clientId,
  folderName: folderName.optional(),
  parentFolderId: clientId.optional(),
});

export const addFoldersV1Input = z.strictObject({ organizationId: clientId, folders: batchOf(folderItem) });

export const addFoldersInput = z.strictObject({
  organizationId: clientId,
  createOrganization: z.boolean().optional(),
  folders: batchOf(folderItem.extend({ accessType: accessType.optional() })),
});

/** "root" names the top level on the wire, so no folder may take it as its id. */
export function assertFolderIds(folderIds: string[]) {
  assertDistinct(folderIds, "folders", "folderId");
  const i = folderIds.indexOf(ROOT);
  if (i >= 0) throw invalid(`folders[${i}].folderId must not be "${ROOT}": it names the top level.`);
}

/**
 * Adds folders in request order, so a batch may hold a parent and then its children. An existing folder or
 * a missing parent fails that item only.
 */
export async function addFolders(
  scope: ApiKeyScope,
  input: z.output<typeof addFoldersInput>,
  tx: Tx,
): Promise<ItemResults> {
  await requireAdvancedQueries(scope, tx);
  const org = orgScope(scope, input.organizationId);
  assertFolderIds(input.folders.map((f) => f.folderId));
  await ensureOrganization(tx, org, input.createOrganization ?? false);
  await lockOrganization(tx, org);
  const named = input.folders.flatMap((f) => [f.folderId, ...(f.parentFolderId ? [f.parentFolderId] : [])]);
  const known = await loadFolders(tx, org, { folderId: { in: named } });
  const created: ReturnType<typeof newFolderRow>[] = [];
  const results = byClientId<ItemResult>();
  for (const item of input.folders) {
    const parentId = item.parentFolderId === ROOT ? undefined : item.parentFolderId;
    const parent = parentId === undefined ? null : known.get(parentId);
    if (known.has(item.folderId))
      results[item.folderId] = { success: false, id: item.folderId, message: FOLDER_EXISTS };
    else if (parent === undefined)
      results[item.folderId] = { success: false, id: item.folderId, message: PARENT_MISSING };
    else {
      const row = newFolderRow(org, item.folderId, item.folderName ?? null, placeUnder(parent, item.accessType));
      known.set(item.folderId, row);
      created.push(row);
      results[item.folderId] = { success: true, id: item.folderId, message: "Folder added." };
    }
  }
  await tx.folder.createMany({ data: created });
  return results;
}
