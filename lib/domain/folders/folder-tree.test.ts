import { describe, expect, it } from "vitest";
import { isWithin, placeUnder, replaceSubtree, type TreeFolder } from "./folder-tree";

const folder = (folderId: string, parent: TreeFolder | null, own?: "restricted" | "public"): TreeFolder => ({
  id: folderId,
  folderId,
  folderName: null,
  ...placeUnder(parent, own),
});

describe("folder tree", () => {
  it("places a folder under a parent, inheriting access unless it has its own", () => {
    const top = folder("top", null, "restricted");
    expect(top).toMatchObject({
      parentFolderId: null,
      ancestors: ["root"],
      accessType: "restricted",
      inheritAccessFromParent: false,
    });
    expect(folder("child", top)).toMatchObject({
      parentFolderId: "top",
      ancestors: ["root", "top"],
      accessType: "restricted",
      inheritAccessFromParent: true,
    });
    expect(folder("free", null)).toMatchObject({ accessType: "public", inheritAccessFromParent: true });
  });

  it("re-places a subtree parents first and reports what it changed", () => {
    const a = folder("a", null);
    const b = folder("b", a);
    const c = folder("c", b);
    const d = folder("d", c, "public");
    const x = folder("x", null, "restricted");
    const folders = new Map([a, b, c, d, x].map((f) => [f.folderId, f]));
    const moved = { ...b, ...placeUnder(x, undefined) };
    folders.set("b", moved);
    expect(replaceSubtree(moved, folders).sort()).toEqual(["c", "d"]);
    expect(folders.get("c")).toMatchObject({ ancestors: ["root", "x", "b"], accessType: "restricted" });
    expect(folders.get("d")).toMatchObject({ ancestors: ["root", "x", "b", "c"], accessType: "public" });
    expect(isWithin(folders.get("d")!, "b")).toBe(true);
    expect(isWithin(folders.get("a")!, "b")).toBe(false);
  });
});
