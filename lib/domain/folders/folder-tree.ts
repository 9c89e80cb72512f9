import type { AccessType } from "../fields";

// Where a folder sits: `ancestors` runs from "root" down to the parent; `accessType` is the folder's own,
// or its parent's while it inherits. Pure functions over an in-memory view of the affected folders.

export const ROOT = "root";
export const DEFAULT_ACCESS_TYPE: AccessType = "public";

export interface Placement {
  parentFolderId: string | null;
  ancestors: string[];
  accessType: AccessType;
  inheritAccessFromParent: boolean;
}

export interface TreeFolder extends Placement {
  id: string;
  folderId: string;
  folderName: string | null;
}

/** The placement of a folder under `parent` (null: the top level), with its own access type if it has one. */
export function placeUnder(parent: (Placement & { folderId: string }) | null, own: AccessType | undefined): Placement {
  const inherit = own === undefined;
  if (!parent)
    return {
      parentFolderId: null,
      ancestors: [ROOT],
      accessType: own ?? DEFAULT_ACCESS_TYPE,
      inheritAccessFromParent: inherit,
    };
  return {
    parentFolderId: parent.folderId,
    ancestors: [...parent.ancestors, parent.folderId],
    accessType: own ?? parent.accessType,
    inheritAccessFromParent: inherit,
  };
}

/** The access type a folder keeps when it is placed somewhere else. */
export const ownAccessType = (f: Placement): AccessType | undefined =>
  f.inheritAccessFromParent ? undefined : f.accessType;

/** True when `candidate` is the folder `folderId` or lies anywhere below it. */
export const isWithin = (candidate: TreeFolder, folderId: string) =>
  candidate.folderId === folderId || candidate.ancestors.includes(folderId);

/**
 * After `top` moved or changed its access type, places every folder below it again, parents before children.
 * Updates `folders` and returns the folderIds below `top`.
 */
export function replaceSubtree(top: TreeFolder, folders: Map<string, TreeFolder>): string[] {
  const below = [...folders.values()]
    .filter((f) => f.folderId !== top.folderId && f.ancestors.includes(top.folderId))
    .sort((a, b) => a.ancestors.length - b.ancestors.length);
  for (const f of below) {
    const parent = folders.get(f.parentFolderId ?? "");
    if (!parent) throw new Error(`folder tree is inconsistent: ${f.folderId} has no loaded parent`);
    folders.set(f.folderId, { ...f, ...placeUnder(parent, ownAccessType(f)) });
  }
  return below.map((f) => f.folderId);
}
