import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import { listPageInput, pageArgs, takePage } from "../paging";
import type { ApiKeyScope } from "../scope";
import { searchField, searchWhere } from "../search";

export const listFoldersInput = listPageInput.extend({ organizationId: clientId, search: searchField });

/**
 * The console's browse of an organization's folders, a page at a time in the order they were added, whatever
 * the key's advanced queries switch says; with `search`, those whose id or name contains it.
 */
export async function listFolders(scope: ApiKeyScope, input: z.output<typeof listFoldersInput>, tx: Reader) {
  const rows = await tx.folder.findMany({
    ...pageArgs(input, {
      ...orgScope(scope, input.organizationId),
      ...searchWhere(input.search, ["folderId", "folderName"]),
    }),
    select: { id: true, folderId: true, folderName: true, parentFolderId: true, accessType: true, createdAt: true },
  });
  const { page, nextPageToken } = takePage(rows, input.pageSize);
  return {
    folders: page.map((f) => ({
      folderId: f.folderId,
      folderName: f.folderName,
      parentFolderId: f.parentFolderId,
      accessType: f.accessType,
    })),
    nextPageToken,
  };
}
