import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { asKey, newWorkspace, setAdvancedQueries, useTestDatabase } from "../helpers/api";

useTestDatabase();

type Api = ReturnType<typeof asKey>;
const USER_ID = /^usr_[0-9a-f]{32}$/;

async function withDocument() {
  const w = await newWorkspace();
  const api = asKey(w);
  await api("/v2/organizations/documents/add", {
    organizationId: "org",
    createOrganization: true,
    documents: [{ documentId: "doc" }],
  });
  await api("/v2/organizations/folders/add", { organizationId: "org", folders: [{ folderId: "folder" }] });
  return { w, api };
}

const ids = async (api: Api, data: Record<string, unknown>) => {
  const res = await api("/v2/users/get", { organizationId: "org", ...data });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.result.data as { userId: string }[]).map((u) => u.userId).sort();
};

describe("Add Users", () => {
  it("rule 1: without documentId or folderId, users join the organization", async () => {
    const { api } = await withDocument();
    const res = await api("/v2/users/add", {
      organizationId: "org",
      users: [
        { userId: "ada", name: "ada lovelace", email: "ada@example.com", accessRole: "viewer" },
        { userId: "bob", name: "Bob", initial: "BB" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "User(s) processed successfully.",
        data: {
          ada: { success: true, id: expect.stringMatching(USER_ID), message: "User added." },
          bob: { success: true, id: expect.stringMatching(USER_ID), message: "User added." },
        },
      },
    });
    const got = await api("/v2/users/get", { organizationId: "org" });
    expect(got.body.result.message).toBe("User(s) retrieved successfully.");
    expect(got.body.result.data).toEqual(
      expect.arrayContaining([
        { userId: "ada", name: "ada lovelace", email: "ada@example.com", initial: "A", accessRole: "viewer" },
        { userId: "bob", name: "Bob", initial: "BB", accessRole: "editor" },
      ]),
    );
    expect(await ids(api, { documentId: "doc" })).toEqual([]);
  });

  it("rules 2-4: folderId or documentId add to that resource only; calling again with only organizationId adds to the organization", async () => {
    const { api } = await withDocument();
    await api("/v2/users/add", { organizationId: "org", folderId: "folder", users: [{ userId: "f" }] });
    await api("/v2/users/add", {
      organizationId: "org",
      documentId: "doc",
      users: [{ userId: "d", accessRole: "viewer" }],
    });
    expect(await ids(api, {})).toEqual([]);
    expect(await ids(api, { folderId: "folder" })).toEqual(["f"]);
    expect(await ids(api, { documentId: "doc" })).toEqual(["d"]);
    await api("/v2/users/add", { organizationId: "org", users: [{ userId: "d" }] });
    expect(await ids(api, {})).toEqual(["d"]);
    const doc = await api("/v2/users/get", { organizationId: "org", documentId: "doc" });
    expect(doc.body.result.data).toEqual([{ userId: "d", accessRole: "viewer" }]);
  });

  it("rule 5: a missing organization is created; folders and documents only when asked", async () => {
    const api = asKey(await newWorkspace());
    expect(
      (await api("/v2/users/add", { organizationId: "fresh", users: [{ userId: "u" }] })).body.result.data.u.success,
    ).toBe(true);
    expect((await api("/v2/organizations/get", {})).body.result.data).toEqual([{ id: "fresh", disabled: false }]);
    expect(
      (await api("/v2/users/add", { organizationId: "fresh", documentId: "nodoc", users: [{ userId: "u" }] })).body
        .error,
    ).toEqual({
      status: "NOT_FOUND",
      message: "Document does not exist. Pass createDocument: true to create it.",
    });
    expect(
      (await api("/v2/users/add", { organizationId: "fresh", folderId: "nofolder", users: [{ userId: "u" }] })).body
        .error,
    ).toEqual({
      status: "NOT_FOUND",
      message: "Folder does not exist. Pass createFolder: true to create it.",
    });
    await api("/v2/users/add", {
      organizationId: "other",
      createOrganization: true,
      documentId: "newdoc",
      createDocument: true,
      users: [{ userId: "u" }],
    });
    await api("/v2/users/add", {
      organizationId: "other",
      folderId: "newfolder",
      createFolder: true,
      users: [{ userId: "v" }],
    });
    expect(await ids(api, { organizationId: "other", documentId: "newdoc" })).toEqual(["u"]);
    expect(await ids(api, { organizationId: "other", folderId: "newfolder" })).toEqual(["v"]);
    expect(
      (await api("/v2/organizations/documents/get", { organizationId: "other" })).body.result.data.map(
        (d: { id: string }) => d.id,
      ),
    ).toEqual(["newdoc"]);
  });

  it("rule 6: either documentId or folderId, not both; and the batch rules", async () => {
    const { w, api } = await withDocument();
    const both = await api("/v2/users/add", {
      organizationId: "org",
      documentId: "doc",
      folderId: "folder",
      users: [{ userId: "u" }],
    });
    expect(both.status).toBe(400);
    expect(both.body).toEqual({
      error: { status: "INVALID_ARGUMENT", message: "Provide either documentId or folderId, not both." },
    });
    const many = Array.from({ length: 1001 }, (_, i) => ({ userId: `u${i}` }));
    expect((await api("/v2/users/add", { organizationId: "org", users: many })).body.error.message).toBe(
      "users must contain at most 1000 items.",
    );
    expect(
      (await api("/v2/users/add", { organizationId: "org", users: [{ userId: "u" }, { userId: "u" }] })).body.error
        .message,
    ).toBe("users[1].userId repeats users[0].userId.");
    expect(
      (await api("/v2/users/add", { organizationId: "org", users: [{ userId: "u", accessRole: "owner" }] })).body.error
        .message,
    ).toBe("users[0].accessRole must be one of: viewer, editor.");
    expect((await api("/v2/users/add", { organizationId: "org", users: [{ name: "no id" }] })).body.error.message).toBe(
      "users[0].userId is required.",
    );
    expect(await db().organizationUser.count({ where: { apiKeyId: w.apiKey } })).toBe(0);
  });

  it("adding a user again updates the profile and keeps the role unless one is given", async () => {
    const { api } = await withDocument();
    await api("/v2/users/add", {
      organizationId: "org",
      users: [{ userId: "u", name: "first", email: "u@example.com", accessRole: "viewer" }],
    });
    await api("/v2/users/add", { organizationId: "org", users: [{ userId: "u", name: "second" }] });
    expect((await api("/v2/users/get", { organizationId: "org" })).body.result.data).toEqual([
      { userId: "u", name: "second", email: "u@example.com", initial: "S", accessRole: "viewer" },
    ]);
    await api("/v2/users/add", { organizationId: "org", users: [{ userId: "u", accessRole: "editor" }] });
    expect((await api("/v2/users/get", { organizationId: "org" })).body.result.data[0].accessRole).toBe("editor");
  });

  it("concurrent calls that each set different fields of the same users all land", async () => {
    const { api } = await withDocument();
    const users = Array.from({ length: 50 }, (_, i) => `c${i}`);
    for (let round = 0; round < 3; round++) {
      await Promise.all([
        api("/v2/users/add", {
          organizationId: "org",
          users: users.map((userId) => ({ userId, name: `Name ${round}` })),
        }),
        api("/v2/users/add", {
          organizationId: "org",
          users: users.map((userId) => ({ userId, email: `${userId}.${round}@example.com` })),
        }),
        api("/v2/users/add", {
          organizationId: "org",
          users: users.map((userId) => ({ userId, organizationUserGroupIds: [`g${round}`] })),
        }),
      ]);
      const res = await api("/v2/users/get", { organizationId: "org", userIds: users.slice(0, 30) });
      for (const u of res.body.result.data) {
        expect(u).toMatchObject({
          name: `Name ${round}`,
          email: `${u.userId}.${round}@example.com`,
          organizationUserGroupIds: [`g${round}`],
          initial: "N",
        });
      }
    }
  });

  it("adds 1,000 users in one call", async () => {
    const { api } = await withDocument();
    const users = Array.from({ length: 1000 }, (_, i) => ({
      userId: `bulk-${i}`,
      name: `User ${i}`,
      email: `u${i}@example.com`,
    }));
    const res = await api("/v2/users/add", { organizationId: "org", users });
    expect(Object.keys(res.body.result.data)).toHaveLength(1000);
    expect((await api("/v2/users/get", { organizationId: "org" })).body.result.data).toHaveLength(1000);
  });
});

describe("Update Users", () => {
  it("v1 updates members of the resource named; others get 'User does not exist.' with an id", async () => {
    const { api } = await withDocument();
    const added = await api("/v2/users/add", { organizationId: "org", users: [{ userId: "u1", name: "Old" }] });
    await api("/v2/users/add", { organizationId: "org", documentId: "doc", users: [{ userId: "docOnly" }] });
    const res = await api("/v1/users/update", {
      organizationId: "org",
      users: [
        { userId: "u1", name: "new name", email: "new@example.com" },
        { userId: "docOnly", name: "not an org member" },
        { userId: "ghost", name: "nobody" },
      ],
    });
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "User(s) processed successfully.",
        data: {
          u1: { success: true, id: added.body.result.data.u1.id, message: "User updated." },
          docOnly: { success: false, id: expect.stringMatching(USER_ID), message: "User does not exist." },
          ghost: { success: false, id: expect.stringMatching(USER_ID), message: "User does not exist." },
        },
      },
    });
    expect((await api("/v2/users/get", { organizationId: "org" })).body.result.data).toEqual([
      { userId: "u1", name: "new name", email: "new@example.com", initial: "N", accessRole: "editor" },
    ]);
    expect((await api("/v2/users/get", { organizationId: "org", documentId: "doc" })).body.result.data).toEqual([
      { userId: "docOnly", accessRole: "editor" },
    ]);
    expect(
      (await api("/v1/users/update", { organizationId: "org", users: [{ userId: "u1", accessRole: "viewer" }] })).body
        .error,
    ).toEqual({
      status: "INVALID_ARGUMENT",
      message: "Unknown field: users[0].accessRole.",
    });
  });

  it("v2 also sets accessRole, per resource", async () => {
    const { api } = await withDocument();
    await api("/v2/users/add", { organizationId: "org", users: [{ userId: "u" }] });
    await api("/v2/users/add", { organizationId: "org", documentId: "doc", users: [{ userId: "u" }] });
    const res = await api("/v2/users/update", {
      organizationId: "org",
      documentId: "doc",
      users: [{ userId: "u", accessRole: "viewer" }],
    });
    expect(res.body.result.data.u).toEqual({
      success: true,
      id: expect.stringMatching(USER_ID),
      message: "User updated.",
    });
    expect((await api("/v2/users/get", { organizationId: "org", documentId: "doc" })).body.result.data).toEqual([
      { userId: "u", accessRole: "viewer" },
    ]);
    expect((await api("/v2/users/get", { organizationId: "org" })).body.result.data).toEqual([
      { userId: "u", accessRole: "editor" },
    ]);
    const folder = await api("/v2/users/update", {
      organizationId: "org",
      folderId: "folder",
      users: [{ userId: "u", accessRole: "viewer" }],
    });
    expect(folder.body.result.data.u).toEqual({
      success: false,
      id: expect.stringMatching(USER_ID),
      message: "User does not exist.",
    });
  });
});

describe("Delete Users", () => {
  it("removes users from a document only, or from the organization entirely", async () => {
    const { api } = await withDocument();
    await api("/v2/users/add", { organizationId: "org", users: [{ userId: "a" }, { userId: "b" }] });
    await api("/v2/users/add", { organizationId: "org", documentId: "doc", users: [{ userId: "a" }, { userId: "b" }] });
    await api("/v2/users/add", { organizationId: "org", folderId: "folder", users: [{ userId: "a" }] });
    const fromDoc = await api("/v2/users/delete", {
      organizationId: "org",
      documentId: "doc",
      userIds: ["a", "ghost"],
    });
    expect(fromDoc.body).toEqual({
      result: {
        status: "success",
        message: "User(s) deleted successfully.",
        data: {
          a: { success: true, message: "User removed." },
          ghost: { success: false, message: "User does not exist." },
        },
      },
    });
    expect(await ids(api, { documentId: "doc" })).toEqual(["b"]);
    expect(await ids(api, {})).toEqual(["a", "b"]);
    const leave = await api("/v2/users/delete", { organizationId: "org", userIds: ["a"] });
    expect(leave.body.result.data).toEqual({ a: { success: true, message: "User removed." } });
    expect(await ids(api, {})).toEqual(["b"]);
    expect(await ids(api, { folderId: "folder" })).toEqual([]);
    const left = await api("/v2/users/delete", { organizationId: "org", userIds: ["b"] });
    expect(left.body.result.data.b.success).toBe(true);
    expect(await ids(api, { documentId: "doc" })).toEqual([]);
    expect((await api("/v2/users/delete", { organizationId: "org", userIds: ["b"] })).body.result.data.b).toEqual({
      success: false,
      message: "User does not exist.",
    });
  });
});

describe("Get Users", () => {
  async function populated() {
    const { w, api } = await withDocument();
    await api("/v2/organizations/documents/add", { organizationId: "org", documents: [{ documentId: "doc2" }] });
    await api("/v2/users/add", {
      organizationId: "org",
      users: [
        { userId: "o1", organizationUserGroupIds: ["eng"] },
        { userId: "o2", organizationUserGroupIds: ["sales"] },
      ],
    });
    await api("/v2/users/add", {
      organizationId: "org",
      documentId: "doc",
      users: [{ userId: "d1", organizationUserGroupIds: ["eng"] }, { userId: "d2" }],
    });
    await api("/v2/users/add", {
      organizationId: "org",
      documentId: "doc2",
      users: [{ userId: "d1" }, { userId: "d3", accessRole: "viewer" }],
    });
    return { w, api };
  }

  it("combines userIds and organizationUserGroupIds with the resource filters", async () => {
    const { api } = await populated();
    expect(await ids(api, {})).toEqual(["o1", "o2"]);
    expect(await ids(api, { userIds: ["o1", "d1", "zz"] })).toEqual(["o1"]);
    expect(await ids(api, { organizationUserGroupIds: ["eng"] })).toEqual(["o1"]);
    expect(await ids(api, { documentId: "doc", organizationUserGroupIds: ["eng"] })).toEqual(["d1"]);
    expect(await ids(api, { organizationUserGroupIds: ["eng"], userIds: ["o2"] })).toEqual([]);
    expect(await ids(api, { documentId: "doc", userIds: ["d2"] })).toEqual(["d2"]);
  });

  it("allDocuments lists document users once (organization users excluded), or grouped by documentId", async () => {
    const { api } = await populated();
    expect(await ids(api, { allDocuments: true })).toEqual(["d1", "d2", "d3"]);
    expect(await ids(api, { allDocuments: true, documentId: "doc2" })).toEqual(["d1", "d3"]);
    const grouped = await api("/v2/users/get", { organizationId: "org", allDocuments: true, groupByDocumentId: true });
    const data = grouped.body.result.data as Record<string, { userId: string }[]>;
    expect(Object.keys(data).sort()).toEqual(["doc", "doc2"]);
    expect(data.doc.map((u) => u.userId).sort()).toEqual(["d1", "d2"]);
    expect(data.doc2).toEqual(
      expect.arrayContaining([
        { userId: "d1", organizationUserGroupIds: ["eng"], accessRole: "editor" },
        { userId: "d3", accessRole: "viewer" },
      ]),
    );
    expect(
      (await api("/v2/users/get", { organizationId: "org", allDocuments: true, folderId: "folder" })).body.error
        .message,
    ).toBe("allDocuments cannot be combined with folderId.");
  });

  it("leaves out expired memberships", async () => {
    const { w, api } = await populated();
    await db().membership.updateMany({
      where: { apiKeyId: w.apiKey, userId: "o2" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await db().membership.updateMany({
      where: { apiKeyId: w.apiKey, userId: "o1" },
      data: { expiresAt: new Date(Date.now() + 60_000) },
    });
    expect(await ids(api, {})).toEqual(["o1"]);
  });

  it("caps userIds and organizationUserGroupIds at 30 and needs advanced queries", async () => {
    const { w, api } = await withDocument();
    const ids31 = Array.from({ length: 31 }, (_, i) => `u${i}`);
    expect((await api("/v2/users/get", { organizationId: "org", userIds: ids31 })).body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "userIds must contain at most 30 items.",
    });
    expect(
      (await api("/v2/users/get", { organizationId: "org", organizationUserGroupIds: ids31 })).body.error.message,
    ).toBe("organizationUserGroupIds must contain at most 30 items.");
    await setAdvancedQueries(w.apiKey, false);
    expect((await api("/v2/users/get", { organizationId: "org" })).body.error).toEqual({
      status: "FAILED_PRECONDITION",
      message: `Advanced queries are disabled for this API key. Enable them with: npx weft apikey:update ${w.apiKey} --advanced-queries on`,
    });
  });

  it("pages through 2,500 users with no duplicates or gaps while users are added between pages", async () => {
    const { api } = await withDocument();
    const original = Array.from({ length: 2500 }, (_, i) => `user-${String(i).padStart(4, "0")}`);
    for (let i = 0; i < original.length; i += 1000) {
      const res = await api("/v2/users/add", {
        organizationId: "org",
        users: original.slice(i, i + 1000).map((userId) => ({ userId, name: userId })),
      });
      expect(res.status).toBe(200);
    }
    const seen: string[] = [];
    const added: string[] = [];
    let nextPageToken: string | undefined;
    let pages = 0;
    do {
      const res = await api("/v2/users/get", {
        organizationId: "org",
        pageSize: 400,
        ...(nextPageToken && { pageToken: nextPageToken }),
      });
      seen.push(...res.body.result.data.map((u: { userId: string }) => u.userId));
      nextPageToken = res.body.result.nextPageToken;
      expect(res.body.result.pageToken).toBeUndefined();
      pages += 1;
      if (nextPageToken && pages <= 4) {
        const late = [`late-${pages}`];
        added.push(...late);
        await api("/v2/users/add", { organizationId: "org", users: late.map((userId) => ({ userId })) });
        // Re-adding a user served already must not bring it back on a later page.
        await api("/v2/users/add", { organizationId: "org", users: [{ userId: seen[0], name: "renamed" }] });
      }
    } while (nextPageToken);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...original, ...added].sort());
  });
});

describe("tenant isolation", () => {
  it("never lets one key see or change another key's users, whatever ids it sends", async () => {
    const { api: a } = await withDocument();
    await a("/v2/users/add", { organizationId: "org", users: [{ userId: "u", name: "A's user" }] });
    await a("/v2/users/add", { organizationId: "org", documentId: "doc", users: [{ userId: "u" }] });
    const b = asKey(await newWorkspace());
    expect((await b("/v2/users/get", { organizationId: "org" })).body.result.data).toEqual([]);
    expect((await b("/v2/users/get", { organizationId: "org", allDocuments: true })).body.result.data).toEqual([]);
    expect(
      (await b("/v2/users/update", { organizationId: "org", users: [{ userId: "u", name: "hijack" }] })).body.result
        .data.u.success,
    ).toBe(false);
    expect((await b("/v2/users/delete", { organizationId: "org", userIds: ["u"] })).body.result.data.u.success).toBe(
      false,
    );
    expect(
      (await b("/v2/users/delete", { organizationId: "org", documentId: "doc", userIds: ["u"] })).body.result.data.u
        .success,
    ).toBe(false);
    await b("/v2/users/add", { organizationId: "org", users: [{ userId: "u", name: "B's user" }] });
    expect((await a("/v2/users/get", { organizationId: "org" })).body.result.data).toEqual([
      { userId: "u", name: "A's user", initial: "A", accessRole: "editor" },
    ]);
    expect(await ids(a, { documentId: "doc" })).toEqual(["u"]);
  });
});
