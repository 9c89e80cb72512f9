import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { asKey, newWorkspace, setAdvancedQueries, useTestDatabase } from "../helpers/api";

useTestDatabase();

type Api = ReturnType<typeof asKey>;

async function withOrg() {
  const w = await newWorkspace();
  const api = asKey(w);
  await api("/v2/organizations/add", { organizations: [{ organizationId: "org", organizationName: "Org" }] });
  return { w, api };
}

const add = (api: Api, folders: unknown[]) => api("/v2/organizations/folders/add", { organizationId: "org", folders });
const update = (api: Api, folders: unknown[]) =>
  api("/v2/organizations/folders/update", { organizationId: "org", folders });

/** folderId -> [ancestors, accessType, inherit] straight from the database. */
async function tree(apiKeyId: string) {
  const rows = await db().folder.findMany({ where: { apiKeyId, organizationId: "org" } });
  return Object.fromEntries(
    rows.map((r) => [r.folderId, [r.ancestors.join("/"), r.accessType, r.inheritAccessFromParent]]),
  );
}

describe("Add Folder", () => {
  it("adds folders in order, so one batch can hold a parent and its children (v1 and v2)", async () => {
    const { w, api } = await withOrg();
    const v1 = await api("/v1/organizations/folders/add", {
      organizationId: "org",
      folders: [
        { folderId: "a", folderName: "A" },
        { folderId: "b", folderName: "B", parentFolderId: "a" },
      ],
    });
    expect(v1.status).toBe(200);
    expect(v1.body).toEqual({
      result: {
        status: "success",
        message: "Folder created successfully.",
        data: {
          a: { success: true, id: "a", message: "Folder added." },
          b: { success: true, id: "b", message: "Folder added." },
        },
      },
    });
    const v2 = await add(api, [
      { folderId: "c", parentFolderId: "b", accessType: "restricted" },
      { folderId: "d", parentFolderId: "c" },
      { folderId: "top", parentFolderId: "root", accessType: "organizationPrivate" },
    ]);
    expect(v2.body.result.message).toBe("Folder created successfully.");
    expect(await tree(w.apiKey)).toEqual({
      a: ["root", "public", true],
      b: ["root/a", "public", true],
      c: ["root/a/b", "restricted", false],
      d: ["root/a/b/c", "restricted", true],
      top: ["root", "organizationPrivate", false],
    });
  });

  it("fails only the items whose folder exists or whose parent is missing", async () => {
    const { w, api } = await withOrg();
    await add(api, [{ folderId: "a" }]);
    const res = await add(api, [
      { folderId: "a", folderName: "again" },
      { folderId: "orphan", parentFolderId: "nowhere" },
      { folderId: "ok", parentFolderId: "a" },
    ]);
    expect(res.body.result.data).toEqual({
      a: { success: false, id: "a", message: "Folder already exists." },
      orphan: { success: false, id: "orphan", message: "Parent folder does not exist." },
      ok: { success: true, id: "ok", message: "Folder added." },
    });
    expect(Object.keys(await tree(w.apiKey)).sort()).toEqual(["a", "ok"]);
  });

  it("creates the organization on demand (v2) and refuses bad batches", async () => {
    const api = asKey(await newWorkspace());
    expect((await add(api, [{ folderId: "a" }])).body.error).toEqual({
      status: "NOT_FOUND",
      message: "Organization does not exist. Pass createOrganization: true to create it.",
    });
    const created = await api("/v2/organizations/folders/add", {
      organizationId: "org",
      createOrganization: true,
      folders: [{ folderId: "a" }],
    });
    expect(created.body.result.data.a.success).toBe(true);
    expect((await add(api, [{ folderId: "root" }])).body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: 'folders[0].folderId must not be "root": it names the top level.',
    });
    expect((await add(api, [{ folderId: "x" }, { folderId: "x" }])).body.error.message).toBe(
      "folders[1].folderId repeats folders[0].folderId.",
    );
    const many = Array.from({ length: 1001 }, (_, i) => ({ folderId: `f${i}` }));
    expect((await add(api, many)).body.error.message).toBe("folders must contain at most 1000 items.");
    expect(
      (
        await api("/v1/organizations/folders/add", {
          organizationId: "org",
          folders: [{ folderId: "y", accessType: "public" }],
        })
      ).body.error.message,
    ).toBe("Unknown field: folders[0].accessType.");
  });
});

describe("Update Folder", () => {
  it("renames and moves a folder with its subtree three levels deep, rewriting ancestors and inherited access", async () => {
    const { w, api } = await withOrg();
    await add(api, [
      { folderId: "a" },
      { folderId: "b", parentFolderId: "a" },
      { folderId: "c", parentFolderId: "b" },
      { folderId: "d", parentFolderId: "c" },
      { folderId: "e", parentFolderId: "d", accessType: "public" },
      { folderId: "x", accessType: "restricted" },
      { folderId: "y", parentFolderId: "x" },
    ]);
    await api("/v2/organizations/documents/add", {
      organizationId: "org",
      folderId: "d",
      documents: [{ documentId: "doc-in-d" }],
    });
    const res = await update(api, [{ folderId: "b", folderName: "Bee", parentFolderId: "y" }]);
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Folder Updated successfully.",
        data: { b: { success: true, id: "b", message: "Folder Updated." } },
      },
    });
    expect(await tree(w.apiKey)).toEqual({
      a: ["root", "public", true],
      x: ["root", "restricted", false],
      y: ["root/x", "restricted", true],
      b: ["root/x/y", "restricted", true],
      c: ["root/x/y/b", "restricted", true],
      d: ["root/x/y/b/c", "restricted", true],
      e: ["root/x/y/b/c/d", "public", false],
    });
    const got = await api("/v2/organizations/folders/get", { organizationId: "org", folderId: "y", maxDepth: 4 });
    const y = got.body.result.data[0];
    expect(y.subFolders[0]).toMatchObject({
      folderId: "b",
      folderName: "Bee",
      parentFolderId: "y",
      ancestors: ["root", "x", "y"],
    });
    expect(y.subFolders[0].subFolders[0].subFolders[0].subFolders[0]).toMatchObject({
      folderId: "e",
      ancestors: ["root", "x", "y", "b", "c", "d"],
    });
    const inD = await api("/v2/organizations/documents/get", { organizationId: "org", folderId: "d" });
    expect(inD.body.result.data.map((doc: { id: string }) => doc.id)).toEqual(["doc-in-d"]);

    // Back to the top level, then a new access type that flows down to the inheriting subfolders.
    await update(api, [{ folderId: "b", parentFolderId: "root" }]);
    await update(api, [{ folderId: "b", accessType: "organizationPrivate" }]);
    expect(await tree(w.apiKey)).toMatchObject({
      b: ["root", "organizationPrivate", false],
      c: ["root/b", "organizationPrivate", true],
      d: ["root/b/c", "organizationPrivate", true],
      e: ["root/b/c/d", "public", false],
    });
  });

  it("refuses to move a folder under itself or a descendant, changing nothing for that item", async () => {
    const { w, api } = await withOrg();
    await add(api, [
      { folderId: "a" },
      { folderId: "b", parentFolderId: "a" },
      { folderId: "c", parentFolderId: "b" },
      { folderId: "z" },
    ]);
    const before = await tree(w.apiKey);
    const res = await update(api, [
      { folderId: "a", folderName: "renamed", parentFolderId: "c" },
      { folderId: "b", parentFolderId: "b" },
      { folderId: "ghost", folderName: "?" },
      { folderId: "c", parentFolderId: "nowhere" },
      { folderId: "z", parentFolderId: "c" },
    ]);
    expect(res.body.result.data).toEqual({
      a: { success: false, id: "a", message: "A folder cannot be moved under itself or one of its subfolders." },
      b: { success: false, id: "b", message: "A folder cannot be moved under itself or one of its subfolders." },
      ghost: { success: false, id: "ghost", message: "Folder does not exist." },
      c: { success: false, id: "c", message: "Parent folder does not exist." },
      z: { success: true, id: "z", message: "Folder Updated." },
    });
    expect(await tree(w.apiKey)).toEqual({ ...before, z: ["root/a/b/c", "public", true] });
    expect((await db().folder.findFirst({ where: { apiKeyId: w.apiKey, folderId: "a" } }))?.folderName).toBeNull();
  });

  it("applies items in order: a folder moved earlier in the batch moves again with its new parent", async () => {
    const { w, api } = await withOrg();
    await add(api, [
      { folderId: "p" },
      { folderId: "q" },
      { folderId: "r" },
      { folderId: "child", parentFolderId: "r" },
    ]);
    const res = await update(api, [
      { folderId: "r", parentFolderId: "q" },
      { folderId: "q", parentFolderId: "p" },
      { folderId: "p", parentFolderId: "child" },
    ]);
    expect(res.body.result.data.p.message).toBe("A folder cannot be moved under itself or one of its subfolders.");
    expect(await tree(w.apiKey)).toEqual({
      p: ["root", "public", true],
      q: ["root/p", "public", true],
      r: ["root/p/q", "public", true],
      child: ["root/p/q/r", "public", true],
    });
  });
});

describe("Get Folders", () => {
  it("lists every folder flat, or one folder with subfolders to maxDepth (default: children only)", async () => {
    const { w, api } = await withOrg();
    await add(api, [
      { folderId: "f1", folderName: "Folder 1" },
      { folderId: "f1.1", parentFolderId: "f1" },
      { folderId: "f1.1.1", parentFolderId: "f1.1" },
      { folderId: "f2", accessType: "restricted" },
    ]);
    const all = await api("/v2/organizations/folders/get", { organizationId: "org" });
    expect(all.body.result.message).toBe("Folders retrieved successfully.");
    expect(all.body.result.data).toHaveLength(4);
    expect(all.body.result.data[0]).toEqual({
      folderId: "f1",
      folderName: "Folder 1",
      organizationId: "org",
      parentFolderId: "root",
      apiKey: w.apiKey,
      createdAt: expect.any(Number),
      lastUpdated: expect.any(Number),
      ancestors: ["root"],
      accessType: "public",
      inheritAccessFromParent: true,
    });
    const one = await api("/v2/organizations/folders/get", { organizationId: "org", folderId: "f1" });
    expect(one.body.result.message).toBe("Folder(s) retrieved successfully.");
    expect(one.body.result.data).toHaveLength(1);
    expect(one.body.result.data[0].subFolders.map((f: { folderId: string }) => f.folderId)).toEqual(["f1.1"]);
    expect(one.body.result.data[0].subFolders[0].subFolders).toBeUndefined();
    const deep = await api("/v2/organizations/folders/get", { organizationId: "org", folderId: "f1", maxDepth: 2 });
    expect(deep.body.result.data[0].subFolders[0].subFolders[0]).toMatchObject({
      folderId: "f1.1.1",
      parentFolderId: "f1.1",
      ancestors: ["root", "f1", "f1.1"],
    });
    expect(
      (await api("/v2/organizations/folders/get", { organizationId: "org", folderId: "nope" })).body.error,
    ).toEqual({
      status: "NOT_FOUND",
      message: "Folder not found.",
    });
  });
});

describe("Delete Folder", () => {
  it("deletes the folder, its subfolders, their documents and memberships", async () => {
    const { w, api } = await withOrg();
    await add(api, [{ folderId: "a" }, { folderId: "b", parentFolderId: "a" }, { folderId: "keep" }]);
    await api("/v2/organizations/documents/add", {
      organizationId: "org",
      folderId: "b",
      documents: [{ documentId: "in-b" }],
    });
    await api("/v2/organizations/documents/add", {
      organizationId: "org",
      folderId: "keep",
      documents: [{ documentId: "in-keep" }],
    });
    await api("/v2/users/add", { organizationId: "org", folderId: "a", users: [{ userId: "u1" }] });
    await api("/v2/users/add", { organizationId: "org", documentId: "in-b", users: [{ userId: "u1" }] });
    const res = await api("/v2/organizations/folders/delete", { organizationId: "org", folderId: "a" });
    expect(res.body).toEqual({
      result: { status: "success", message: "Folder deletion initiated successfully.", data: null },
    });
    expect(Object.keys(await tree(w.apiKey))).toEqual(["keep"]);
    const docs = await api("/v2/organizations/documents/get", { organizationId: "org" });
    expect(docs.body.result.data.map((d: { id: string }) => d.id)).toEqual(["in-keep"]);
    expect(await db().membership.count({ where: { apiKeyId: w.apiKey, resourceType: { not: "organization" } } })).toBe(
      0,
    );
    expect(
      (await api("/v2/organizations/folders/delete", { organizationId: "org", folderId: "a" })).body.error,
    ).toEqual({
      status: "NOT_FOUND",
      message: "Folder not found.",
    });
  });
});

describe("advanced queries and tenants", () => {
  it("answers FAILED_PRECONDITION naming the fix on Add, Update and Get Folder, writing nothing", async () => {
    const { w, api } = await withOrg();
    await add(api, [{ folderId: "a" }]);
    await setAdvancedQueries(w.apiKey, false);
    const expected = {
      status: "FAILED_PRECONDITION",
      message: `Advanced queries are disabled for this API key. Enable them with: npx weft apikey:update ${w.apiKey} --advanced-queries on`,
    };
    expect((await add(api, [{ folderId: "b" }])).body.error).toEqual(expected);
    expect(
      (await api("/v1/organizations/folders/add", { organizationId: "org", folders: [{ folderId: "b" }] })).body.error,
    ).toEqual(expected);
    expect((await update(api, [{ folderId: "a", folderName: "x" }])).body.error).toEqual(expected);
    expect((await api("/v2/organizations/folders/get", { organizationId: "org" })).body.error).toEqual(expected);
    expect(Object.keys(await tree(w.apiKey))).toEqual(["a"]);
  });

  it("keeps each key's folders to itself", async () => {
    const { w, api } = await withOrg();
    await add(api, [{ folderId: "a" }, { folderId: "b", parentFolderId: "a" }]);
    const other = asKey(await newWorkspace());
    await other("/v2/organizations/folders/add", {
      organizationId: "org",
      createOrganization: true,
      folders: [{ folderId: "mine" }],
    });
    expect(
      (await other("/v2/organizations/folders/get", { organizationId: "org", folderId: "a" })).body.error.status,
    ).toBe("NOT_FOUND");
    expect((await update(other, [{ folderId: "b", parentFolderId: "mine" }])).body.result.data.b.message).toBe(
      "Folder does not exist.",
    );
    expect((await update(other, [{ folderId: "mine", parentFolderId: "a" }])).body.result.data.mine.message).toBe(
      "Parent folder does not exist.",
    );
    expect(
      (await other("/v2/organizations/folders/delete", { organizationId: "org", folderId: "a" })).body.error.status,
    ).toBe("NOT_FOUND");
    expect(await tree(w.apiKey)).toEqual({ a: ["root", "public", true], b: ["root/a", "public", true] });
  });
});

describe("Update Access for Folders", () => {
  async function tree() {
    const api = asKey(await newWorkspace());
    await api("/v2/organizations/folders/add", {
      organizationId: "yourOrganizationId",
      createOrganization: true,
      folders: [
        { folderId: "yourFolderId1" },
        { folderId: "child", parentFolderId: "yourFolderId1" },
        { folderId: "own", parentFolderId: "child", accessType: "public" },
      ],
    });
    await api("/v2/organizations/documents/add", {
      organizationId: "yourOrganizationId",
      folderId: "child",
      documents: [{ documentId: "inherits" }, { documentId: "pinned", accessType: "public" }],
    });
    const state = async () => {
      const folders = await api("/v2/organizations/folders/get", { organizationId: "yourOrganizationId" });
      const documents = await api("/v2/organizations/documents/get", { organizationId: "yourOrganizationId" });
      const out: Record<string, string> = {};
      for (const f of folders.body.result.data)
        out[f.folderId] = `${f.accessType}${f.inheritAccessFromParent ? "*" : ""}`;
      for (const d of documents.body.result.data) out[d.id] = d.accessType;
      return out;
    };
    return { api, state };
  }

  it("sets a folder's own type and flows it down to subfolders and documents that inherit", async () => {
    const { api, state } = await tree();
    const res = await api("/v2/organizations/folders/access/update", {
      organizationId: "yourOrganizationId",
      folderIds: ["yourFolderId1", "nope"],
      accessType: "organizationPrivate",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Updated access for folders successfully.",
        data: {
          yourFolderId1: { success: true, accessType: "organizationPrivate", message: "Folder access type updated." },
          nope: { success: false, message: "Folder does not exist." },
        },
      },
    });
    expect(await state()).toEqual({
      yourFolderId1: "organizationPrivate",
      child: "organizationPrivate*",
      own: "public",
      inherits: "organizationPrivate",
      pinned: "public",
    });
  });

  it("inheritFromParent makes a folder take its parent's type again, with the reference's reply", async () => {
    const { api, state } = await tree();
    await api("/v2/organizations/folders/access/update", {
      organizationId: "yourOrganizationId",
      folderIds: ["yourFolderId1"],
      accessType: "restricted",
    });
    await api("/v2/organizations/folders/access/update", {
      organizationId: "yourOrganizationId",
      folderIds: ["child"],
      accessType: "public",
    });
    expect(await state()).toMatchObject({ child: "public", inherits: "public" });
    const res = await api("/v2/organizations/folders/access/update", {
      organizationId: "yourOrganizationId",
      folderIds: ["child"],
      inheritFromParent: true,
    });
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Folder access type updated.",
        data: {
          child: { success: true, accessType: null, inheritFromParent: true, message: "Folder access type updated." },
        },
      },
    });
    expect(await state()).toEqual({
      yourFolderId1: "restricted",
      child: "restricted*",
      own: "public",
      inherits: "restricted",
      pinned: "public",
    });
    // Update Folder's access change flows down the same way.
    await api("/v2/organizations/folders/update", {
      organizationId: "yourOrganizationId",
      folders: [{ folderId: "yourFolderId1", accessType: "organizationPrivate" }],
    });
    expect(await state()).toMatchObject({ child: "organizationPrivate*", inherits: "organizationPrivate" });
  });
});
