import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { requireAdvancedQueries } from "../advanced-queries";
import { batchOf, type ItemResult, type ItemResults, byClientId } from "../batch";
import { inheritFolderAccess } from "../documents/documents-store";
import { accessType, clientId, type AccessType } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import { lockOrganization } from "../organizations/organizations-store";
import type { ApiKeyScope } from "../scope";
import { assertFolderIds, folderName } from "./add-folders";
import { FOLDER_MISSING, MOVE_INTO_ITSELF, PARENT_MISSING } from "./folder-messages";
import { loadFolders, writeFolders } from "./folders-store";
import { isWithin, ownAccessType, placeUnder, replaceSubtree, ROOT, type TreeFolder } from "./folder-tree";

export const updateFoldersInput = z.strictObject({
  organizationId: clientId,
  folders: batchOf(
    z.strictObject({
      folderId: clientId,
      folderName: folderName.optional(),
      parentFolderId: clientId.optional(),
      accessType: accessType.optional(),
    }),
  ),
});
type Item = z.output<typeof updateFoldersInput>["folders"][number];

const failed = (id: string, message: string): ItemResult => ({ success: false, id, message });

/**
 * Renames, moves and re-types folders in request order. A move (new parentFolderId) or a new accessType
 * rewrites `ancestors` and `accessType` of the whole subtree, and the access type of its documents that inherit; everything is worked out on the affected
 * folders in memory and written in one statement, under the organization's lock. A missing folder or parent,
 * or a move under the folder itself or one of its subfolders, fails that item and changes nothing.
 */
export async function updateFolders(
  scope: ApiKeyScope,
  input: z.output<typeof updateFoldersInput>,
  tx: Tx,
): Promise<ItemResults> {
  await requireAdvancedQueries(scope, tx);
  const org = orgScope(scope, input.organizationId);
  const ids = input.folders.map((f) => f.folderId);
  assertFolderIds(ids);
  await lockOrganization(tx, org);
  // Every folder an item names or can change: the items, their new parents, and everything below the items.
  const parents = input.folders.flatMap((f) => (f.parentFolderId ? [f.parentFolderId] : []));
  const folders = await loadFolders(tx, org, {
    OR: [{ folderId: { in: [...ids, ...parents] } }, { ancestors: { hasSome: ids } }],
  });
  const changed = new Set<string>();
  const results = byClientId<ItemResult>();
  for (const item of input.folders) {
    const outcome = applyItem(item, folders);
    if (typeof outcome === "string") {
      results[item.folderId] = failed(item.folderId, outcome);
      continue;
    }
    for (const id of outcome) changed.add(id);
    results[item.folderId] = { success: true, id: item.folderId, message: "Folder Updated." };
  }
  await writeFolders(
    tx,
    org,
    [...changed].map((id) => folders.get(id)!),
  );
  await inheritFolderAccess(tx, org, [...changed]);
  return results;
}

/** Applies one item to the in-memory folders: the folderIds it changed, or the item's failure message. */
function applyItem(item: Item, folders: Map<string, TreeFolder>): string[] | string {
  const folder = folders.get(item.folderId);
  if (!folder) return FOLDER_MISSING;
  const own: AccessType | undefined = item.accessType ?? ownAccessType(folder);
  let updated: TreeFolder = { ...folder, folderName: item.folderName ?? folder.folderName };
  const moves = item.parentFolderId !== undefined && item.parentFolderId !== (folder.parentFolderId ?? ROOT);
  if (moves) {
    const parent = item.parentFolderId === ROOT ? null : folders.get(item.parentFolderId!);
    if (parent === undefined) return PARENT_MISSING;
    if (parent && isWithin(parent, folder.folderId)) return MOVE_INTO_ITSELF;
    updated = { ...updated, ...placeUnder(parent, own) };
  } else if (item.accessType !== undefined) {
    updated = { ...updated, accessType: item.accessType, inheritAccessFromParent: false };
  }
  folders.set(folder.folderId, updated);
  const subtree = moves || item.accessType !== undefined ? replaceSubtree(updated, folders) : [];
  return [folder.folderId, ...subtree];
}
