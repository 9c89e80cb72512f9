import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Reader } from "@/lib/infra/db";
import { requireAdvancedQueries } from "../advanced-queries";
import { notFound } from "../errors";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { FOLDER_NOT_FOUND } from "./folder-messages";
import { treeSelect } from "./folders-store";
import { ROOT } from "./folder-tree";
import type { FolderRecord } from "./folders-contract";

export const getFoldersInput = z.strictObject({
  organizationId: clientId,
  folderId: clientId.optional(),
  maxDepth: z.number().int().min(1).max(100).optional(),
});

const recordSelect = { ...treeSelect, apiKeyId: true, organizationId: true, createdAt: true, updatedAt: true } as const;

type Row = Prisma.FolderGetPayload<{ select: typeof recordSelect }>;

// Oldest first; folders added in one call by folderId.
const order = [{ createdAt: "asc" as const }, { folderId: "asc" as const }];

const record = (f: Row): FolderRecord => ({
  folderId: f.folderId,
  folderName: f.folderName ?? undefined,
  organizationId: f.organizationId,
  parentFolderId: f.parentFolderId ?? ROOT,
  apiKey: f.apiKeyId,
  createdAt: f.createdAt.getTime(),
  lastUpdated: f.updatedAt.getTime(),
  ancestors: f.ancestors,
  accessType: f.accessType,
  inheritAccessFromParent: f.inheritAccessFromParent,
});

/**
 * Without folderId: every folder of the organization, flat. With it: that folder, its subfolders nested
 * `maxDepth` levels deep (default 1: immediate children only).
 */
export async function getFolders(scope: ApiKeyScope, input: z.output<typeof getFoldersInput>, tx: Reader) {
  await requireAdvancedQueries(scope, tx);
  const org = orgScope(scope, input.organizationId);
  if (input.folderId === undefined) {
    const rows = await tx.folder.findMany({ where: org, orderBy: order, select: recordSelect });
    return { folders: rows.map(record), specific: false };
  }
  const top = input.folderId;
  const rows = await tx.folder.findMany({
    where: { ...org, OR: [{ folderId: top }, { ancestors: { has: top } }] },
    orderBy: order,
    select: recordSelect,
  });
  const root = rows.find((r) => r.folderId === top);
  if (!root) throw notFound(FOLDER_NOT_FOUND);
  const maxLength = root.ancestors.length + (input.maxDepth ?? 1);
  const children = new Map<string, Row[]>();
  for (const r of rows) {
    if (r === root || r.ancestors.length > maxLength) continue;
    const siblings = children.get(r.parentFolderId ?? ROOT) ?? [];
    siblings.push(r);
    children.set(r.parentFolderId ?? ROOT, siblings);
  }
  const nest = (r: Row): FolderRecord => {
    const below = children.get(r.folderId);
    return { ...record(r), ...(below && { subFolders: below.map(nest) }) };
  };
  return { folders: [nest(root)], specific: true };
}
