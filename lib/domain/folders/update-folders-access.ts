import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, byClientId } from "../batch";
import { inheritFolderAccess } from "../documents/documents-store";
import { accessType, clientId, type AccessType } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import { lockOrganization } from "../organizations/organizations-store";
import type { ApiKeyScope } from "../scope";
import { FOLDER_MISSING } from "./folder-messages";
import { loadFolders, writeFolders } from "./folders-store";
import { placeUnder, replaceSubtree } from "./folder-tree";

export const updateFoldersAccessInput = z.strictObject({
  organizationId: clientId,
  folderIds: batchOf(clientId),
  accessType: accessType.optional().describe('Default "public"; left out with inheritFromParent: true.'),
  inheritFromParent: z.boolean().optional(),
});

type Result = { success: boolean; accessType?: AccessType | null; inheritFromParent?: true; message: string };

/**
 * Gives folders their own access type, or (inheritFromParent: true) makes them take their parent's again (the
 * top level's is "public"). The new effective type flows down, as Update Folder's moves do: to subfolders and
 * documents that inherit, in one statement each, under the organization's lock. Who may open those documents
 * changes at once.
 */
export async function updateFoldersAccess(
  scope: ApiKeyScope,
  input: z.output<typeof updateFoldersAccessInput>,
  tx: Tx,
) {
  const inherit = input.inheritFromParent === true;
  const own = inherit ? undefined : (input.accessType ?? "public");
  const org = orgScope(scope, input.organizationId);
  assertDistinct(input.folderIds, "folderIds");
  await lockOrganization(tx, org);
  // The folders, their parents (an inheriting folder takes the parent's type), and everything below them.
  const named = await loadFolders(tx, org, { folderId: { in: input.folderIds } });
  const parents = [...named.values()].flatMap((f) => (f.parentFolderId ? [f.parentFolderId] : []));
  const folders = await loadFolders(tx, org, {
    OR: [{ folderId: { in: [...input.folderIds, ...parents] } }, { ancestors: { hasSome: input.folderIds } }],
  });
  const changed = new Set<string>();
  const results = byClientId<Result>();
  for (const folderId of input.folderIds) {
    const folder = folders.get(folderId);
    if (!folder) {
      results[folderId] = { success: false, message: FOLDER_MISSING };
      continue;
    }
    const parent = folder.parentFolderId === null ? null : folders.get(folder.parentFolderId)!;
    const updated = { ...folder, ...placeUnder(parent, own) };
    folders.set(folderId, updated);
    for (const id of [folderId, ...replaceSubtree(updated, folders)]) changed.add(id);
    results[folderId] = inherit
      ? { success: true, accessType: null, inheritFromParent: true, message: "Folder access type updated." }
      : { success: true, accessType: own, message: "Folder access type updated." };
  }
  await writeFolders(
    tx,
    org,
    [...changed].map((id) => folders.get(id)!),
  );
  await inheritFolderAccess(tx, org, [...changed]);
  return { inherit, results };
}
