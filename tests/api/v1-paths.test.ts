import { describe, expect, it } from "vitest";
import { asKey, call, newWorkspace, useTestDatabase } from "../helpers/api";

// The v1 paths whose v2 twin weft serves, each from its reference examples (velt-reference.json): the v2
// operation with the differences the entry names (a smaller body, another message, another reply shape).

useTestDatabase();

const ORG = "yourOrganizationId";
const user = (userId: string, name = "User Name", email = "user@email.com") => ({ userId, name, email });
const HEX_ID = expect.stringMatching(/^[0-9a-f]{32}$|^[A-Za-z0-9_-]+$/);

async function tenant() {
  const w = await newWorkspace();
  const api = asKey(w);
  await api("/v2/organizations/add", {
    organizations: [{ organizationId: ORG, organizationName: "Your Organization Name" }],
  });
  return { w, api };
}

describe("organizations and documents", () => {
  it("/v1/organizations/add and /v1/organizations/get (no paging)", async () => {
    const api = asKey(await newWorkspace());
    const added = await api("/v1/organizations/add", {
      organizations: [{ organizationId: ORG, organizationName: "Your Organization Name" }],
    });
    expect(added.body).toEqual({
      result: {
        status: "success",
        message: "Organization(s) added successfully.",
        data: { [ORG]: { success: true, id: HEX_ID, message: "Added Successfully" } },
      },
    });
    const got = await api("/v1/organizations/get", { organizationIds: [ORG] });
    expect(got.body).toEqual({
      result: {
        status: "success",
        message: "Organization(s) retrieved successfully.",
        data: [{ id: ORG, organizationName: "Your Organization Name", disabled: false }],
      },
    });
    const paged = await api("/v1/organizations/get", { pageSize: 1 });
    expect(paged.body.error.status).toBe("INVALID_ARGUMENT");
  });

  it("/v1/organizations/documents/add (examples 1 and 2) and /v1/organizations/documents/get", async () => {
    const { api } = await tenant();
    await api("/v2/organizations/folders/add", { organizationId: ORG, folders: [{ folderId: "yourFolderId" }] });
    const one = await api("/v1/organizations/documents/add", {
      organizationId: ORG,
      documents: [{ documentId: "yourDocumentId", documentName: "Your Document Name" }],
    });
    expect(one.body).toEqual({
      result: {
        status: "success",
        message: "Document(s) added successfully.",
        data: { yourDocumentId: { success: true, id: HEX_ID, message: "Added Successfully" } },
      },
    });
    const inFolder = await api("/v1/organizations/documents/add", {
      organizationId: ORG,
      documents: [{ documentId: "yourDocumentId2", documentName: "Your Document Name" }],
      folderId: "yourFolderId",
    });
    expect(inFolder.body.result.data.yourDocumentId2.success).toBe(true);
    const v2Only = await api("/v1/organizations/documents/add", {
      organizationId: ORG,
      createOrganization: true,
      documents: [{ documentId: "x" }],
    });
    expect(v2Only.body.error.status).toBe("INVALID_ARGUMENT");
    const all = await api("/v1/organizations/documents/get", { organizationId: ORG });
    expect(all.body).toEqual({
      result: {
        status: "success",
        message: "Document(s) retrieved successfully.",
        data: [
          { documentName: "Your Document Name", disabled: false, accessType: "public", id: "yourDocumentId" },
          { documentName: "Your Document Name", disabled: false, accessType: "public", id: "yourDocumentId2" },
        ],
      },
    });
    const some = await api("/v1/organizations/documents/get", {
      organizationId: ORG,
      documentIds: ["yourDocumentId2", "missing"],
    });
    expect(some.body.result.data.map((d: { id: string }) => d.id)).toEqual(["yourDocumentId2"]);
  });
});

describe("folders", () => {
  it("/v1/organizations/folders/get answers 'Folders retrieved successfully.' for all and for one folder", async () => {
    const { api } = await tenant();
    await api("/v2/organizations/folders/add", {
      organizationId: ORG,
      folders: [{ folderId: "folderId1", folderName: "Folder 1" }],
    });
    await api("/v2/organizations/folders/add", {
      organizationId: ORG,
      folders: [{ folderId: "childFolderId1", folderName: "Child Folder 1", parentFolderId: "folderId1" }],
    });
    const all = await api("/v1/organizations/folders/get", { organizationId: ORG });
    expect(all.body.result.message).toBe("Folders retrieved successfully.");
    expect(all.body.result.data.map((f: { folderId: string }) => f.folderId)).toEqual(["folderId1", "childFolderId1"]);
    const one = await api("/v1/organizations/folders/get", { organizationId: ORG, folderId: "folderId1" });
    expect(one.body.result.message).toBe("Folders retrieved successfully.");
    expect(one.body.result.data).toEqual([
      expect.objectContaining({
        folderId: "folderId1",
        folderName: "Folder 1",
        organizationId: ORG,
        parentFolderId: "root",
        createdAt: expect.any(Number),
        lastUpdated: expect.any(Number),
        subFolders: [expect.objectContaining({ folderId: "childFolderId1", parentFolderId: "folderId1" })],
      }),
    ]);
    const depth = await api("/v1/organizations/folders/get", { organizationId: ORG, maxDepth: 2 });
    expect(depth.body.error.status).toBe("INVALID_ARGUMENT");
  });

  it("/v1/organizations/folders/update renames and moves (reference example)", async () => {
    const { api } = await tenant();
    await api("/v2/organizations/folders/add", {
      organizationId: ORG,
      folders: [{ folderId: "yourFolderId" }, { folderId: "yourParentFolderId" }],
    });
    const res = await api("/v1/organizations/folders/update", {
      organizationId: ORG,
      folders: [{ folderId: "yourFolderId", folderName: "yourFolderName", parentFolderId: "yourParentFolderId" }],
    });
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Folder Updated successfully.",
        data: { yourFolderId: { success: true, id: "yourFolderId", message: "Folder Updated." } },
      },
    });
  });
});

describe("users", () => {
  it("/v1/users/add (examples 1-3): a missing organization is created; a folder or document must exist", async () => {
    const api = asKey(await newWorkspace());
    const org = await api("/v1/users/add", { organizationId: ORG, users: [user("yourUserId1")] });
    expect(org.body).toEqual({
      result: {
        status: "success",
        message: "User(s) processed successfully.",
        data: { yourUserId1: { success: true, id: HEX_ID, message: "User added." } },
      },
    });
    const missingDoc = await api("/v1/users/add", {
      organizationId: ORG,
      documentId: "yourDocumentId",
      users: [user("yourUserId1")],
    });
    expect(missingDoc.status).toBe(404);
    await api("/v2/organizations/documents/add", {
      organizationId: ORG,
      documents: [{ documentId: "yourDocumentId" }],
    });
    await api("/v2/organizations/folders/add", { organizationId: ORG, folders: [{ folderId: "yourFolderId" }] });
    for (const target of [{ documentId: "yourDocumentId" }, { folderId: "yourFolderId" }]) {
      const res = await api("/v1/users/add", { organizationId: ORG, ...target, users: [user("yourUserId1")] });
      expect(res.body.result.data.yourUserId1.message).toBe("User added.");
    }
    const flag = await api("/v1/users/add", { organizationId: ORG, createDocument: true, users: [user("u")] });
    expect(flag.body.error.status).toBe("INVALID_ARGUMENT");
  });

  it("/v1/users/get (examples 1-6): email, name and userId, no paging", async () => {
    const api = asKey(await newWorkspace());
    await api("/v2/users/add", {
      organizationId: ORG,
      users: [
        { userId: "yourUserId1", name: "userName", email: "userEmail@domain.com", organizationUserGroupIds: ["g"] },
        { userId: "yourUserId2", name: "Two", email: "two@domain.com", photoUrl: "https://example.com/p.png" },
      ],
    });
    await api("/v2/organizations/documents/add", {
      organizationId: ORG,
      documents: [{ documentId: "yourDocumentId" }],
    });
    await api("/v2/users/add", {
      organizationId: ORG,
      documentId: "yourDocumentId",
      users: [{ userId: "yourUserId2" }],
    });
    // Users added by one call share their time: their order in the list is not defined.
    const byUserId = (users: { userId: string }[]) => [...users].sort((a, b) => a.userId.localeCompare(b.userId));
    const byOrg = await api("/v1/users/get", { organizationId: ORG });
    byOrg.body.result.data = byUserId(byOrg.body.result.data);
    expect(byOrg.body).toEqual({
      result: {
        status: "success",
        message: "User(s) retrieved successfully.",
        data: [
          { email: "userEmail@domain.com", name: "userName", userId: "yourUserId1" },
          { email: "two@domain.com", name: "Two", userId: "yourUserId2" },
        ],
      },
    });
    const cases: [Record<string, unknown>, string[]][] = [
      [{ documentId: "yourDocumentId" }, ["yourUserId2"]],
      [{ userIds: ["yourUserId1", "yourUserId2"] }, ["yourUserId1", "yourUserId2"]],
      [{ documentId: "yourDocumentId", userIds: ["yourUserId1", "yourUserId2"] }, ["yourUserId2"]],
      [{ organizationUserGroupIds: ["g"] }, ["yourUserId1"]],
      [{ userIds: ["yourUserId1", "yourUserId2"], organizationUserGroupIds: ["g"] }, ["yourUserId1"]],
    ];
    for (const [filters, ids] of cases) {
      const res = await api("/v1/users/get", { organizationId: ORG, ...filters });
      expect(byUserId(res.body.result.data).map((u) => u.userId)).toEqual(ids);
    }
    expect((await api("/v1/users/get", { organizationId: ORG, allDocuments: true })).body.error.status).toBe(
      "INVALID_ARGUMENT",
    );
  });

  it("/v1/users/delete (examples 1-3) and 'User(s) Not Found'", async () => {
    const api = asKey(await newWorkspace());
    await api("/v2/users/add", { organizationId: ORG, users: [user("yourUserId1")] });
    await api("/v2/organizations/documents/add", {
      organizationId: ORG,
      documents: [{ documentId: "yourDocumentId" }],
    });
    await api("/v2/organizations/folders/add", { organizationId: ORG, folders: [{ folderId: "yourFolderId" }] });
    for (const target of [{ documentId: "yourDocumentId" }, { folderId: "yourFolderId" }]) {
      await api("/v2/users/add", { organizationId: ORG, ...target, users: [user("yourUserId1")] });
      const res = await api("/v1/users/delete", { organizationId: ORG, ...target, userIds: ["yourUserId1"] });
      expect(res.body.result.data.yourUserId1).toEqual({ success: true, message: "User removed." });
    }
    const res = await api("/v1/users/delete", { organizationId: ORG, userIds: ["yourUserId1", "yourUserId2"] });
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "User(s) deleted successfully.",
        data: {
          yourUserId1: { success: true, message: "User removed." },
          yourUserId2: { success: false, message: "User does not exist." },
        },
      },
    });
  });

  it("/v1/users/data/get: the v2 reply and paging token", async () => {
    const api = asKey(await newWorkspace());
    const res = await api("/v1/users/data/get", { organizationId: ORG, userId: "yourUserId" });
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Data fetched successfully.",
        data: { comments: [], reactions: [], recordings: [], notifications: [] },
        nextPageToken: null,
      },
    });
  });
});

describe("domains", () => {
  it("/v1/workspace/domains/add and /delete (reference examples)", async () => {
    const api = asKey(await newWorkspace());
    const added = await api("/v1/workspace/domains/add", {
      domains: ["https://www.google.com", "https://*.firebase.com"],
    });
    expect(added.body).toEqual({
      result: {
        status: "success",
        message: "Domain(s) added successfully to allowed domains.",
        data: { domainsAdded: ["google.com", "*.firebase.com"] },
      },
    });
    const removed = await api("/v1/workspace/domains/delete", {
      domains: ["https://www.google.com", "https://*.firebase.com"],
    });
    expect(removed.body).toEqual({
      result: {
        status: "success",
        message: "Domain(s) removed successfully from allowed domains.",
        data: { domainsRemoved: ["google.com", "*.firebase.com"] },
      },
    });
  });
});

describe("/v1/auth/token/get", () => {
  it("takes the API key and auth token in the body (both reference examples) and grants the organization", async () => {
    const w = await newWorkspace();
    for (const userProperties of [
      { isAdmin: true, organizationId: "YOUR_ORGANIZATION_ID", email: "user@example.com" },
      { organizationId: "YOUR_ORGANIZATION_ID" },
    ]) {
      const res = await call("/v1/auth/token/get", {
        apiKey: w.apiKey,
        authToken: w.apiKeyToken,
        userId: "yourUserId",
        userProperties,
      });
      expect(res.body).toEqual({
        result: { status: "success", message: "Token generated successfully.", data: { token: expect.any(String) } },
      });
      const claims = JSON.parse(Buffer.from(res.body.result.data.token.split(".")[1], "base64url").toString());
      expect(claims).toMatchObject({
        sub: "yourUserId",
        aud: w.apiKey,
        userProperties: { isAdmin: userProperties.isAdmin ?? false },
        permissions: {
          resources: [
            {
              type: "organization",
              id: "YOUR_ORGANIZATION_ID",
              organizationId: "YOUR_ORGANIZATION_ID",
              accessRole: "editor",
            },
          ],
        },
      });
    }
  });

  it("a wrong or missing auth token is the reference's INVALID_ARGUMENT 'Auth token not found.'", async () => {
    const w = await newWorkspace();
    for (const body of [
      { apiKey: w.apiKey, authToken: "wrong", userId: "u" },
      { apiKey: w.apiKey, userId: "u" },
      { apiKey: "nokey", authToken: w.apiKeyToken, userId: "u" },
      // Text no HTTP header could carry is still only a wrong credential.
      { apiKey: "", authToken: "\u0100", userId: " " },
      { apiKey: w.apiKey, authToken: "t\u00e9\u{1f600}", userId: "u" },
    ]) {
      const res = await call("/v1/auth/token/get", body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { status: "INVALID_ARGUMENT", message: "Auth token not found." } });
    }
  });
});

describe("comments", () => {
  async function withAnnotation() {
    const { w, api } = await tenant();
    const added = await api("/v1/commentannotations/add", {
      organizationId: ORG,
      documentId: "yourDocumentId",
      commentAnnotations: [
        {
          location: { id: "yourLocationId", locationName: "yourLocationName" },
          targetElement: {
            elementId: "yourElementId",
            targetText: "Your Target Text",
            occurrence: 1,
            selectAllContent: false,
          },
          commentData: [
            {
              commentText: "Sample Comment",
              commentHtml: "<div>Sample Comment</div>",
              from: { userId: "yourUserId", name: "yourUserName", email: "yourUserEmail" },
            },
          ],
        },
      ],
    });
    const [annotationId] = Object.keys(added.body.result.data);
    return { w, api, added, annotationId };
  }

  it("/v1/commentannotations/add (reference example)", async () => {
    const { added, annotationId } = await withAnnotation();
    expect(added.body).toEqual({
      result: {
        status: "success",
        message: "Comment Annotation(s) added successfully.",
        data: {
          [annotationId]: {
            success: true,
            annotationId,
            commentIds: [expect.any(Number)],
            message: "Added Successfully",
          },
        },
      },
    });
  });

  it("/v1/commentannotations/get (examples 1-6): ISO times, null for a missing annotationId", async () => {
    const { api, annotationId } = await withAnnotation();
    const all = await api("/v1/commentannotations/get", { organizationId: ORG, documentId: "yourDocumentId" });
    expect(all.body.result.message).toBe("Annotations fetched successfully.");
    expect(all.body.result.data).toEqual([
      expect.objectContaining({
        annotationId,
        from: { userId: "yourUserId", name: "yourUserName", email: "yourUserEmail" },
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        lastUpdated: expect.stringMatching(/Z$/),
        comments: [
          expect.objectContaining({
            commentText: "Sample Comment",
            commentHtml: "<div>Sample Comment</div>",
            lastUpdated: expect.stringMatching(/Z$/),
            status: "added",
            type: "text",
          }),
        ],
      }),
    ]);
    const filters: [Record<string, unknown>, number][] = [
      [{ locationIds: ["locationx"] }, 0],
      [{ locationIds: ["yourLocationId"], userIds: ["yourUserId"] }, 1],
      [{ userIds: ["someoneElse"] }, 0],
    ];
    for (const [f, n] of filters) {
      const res = await api("/v1/commentannotations/get", { organizationId: ORG, documentId: "yourDocumentId", ...f });
      expect(res.body.result.data).toHaveLength(n);
    }
    const named = await api("/v1/commentannotations/get", {
      organizationId: ORG,
      documentId: "yourDocumentId",
      annotationIds: ["yourAnnotationId1", annotationId],
    });
    expect(named.body.result.data.map((a: { annotationId: string } | null) => a?.annotationId ?? null)).toEqual([
      null,
      annotationId,
    ]);
  });

  it("/v1/commentannotations/update: by filters, status by type alone, updateUsers (examples 1, 5, 7)", async () => {
    const { api, annotationId } = await withAnnotation();
    const all = await api("/v1/commentannotations/update", {
      organizationId: ORG,
      documentId: "yourDocumentId",
      updatedData: { status: { type: "ongoing" } },
    });
    expect(all.body).toEqual({
      result: {
        status: "success",
        message: "Annotations updated successfully.",
        data: { [annotationId]: { success: true, id: annotationId, message: "Annotations updated successfully" } },
      },
    });
    const named = await api("/v1/commentannotations/update", {
      organizationId: ORG,
      documentId: "yourDocumentId",
      annotationIds: ["yourAnnotationId1", annotationId],
      updatedData: { status: { type: "terminal" } },
    });
    expect(named.body.result.data.yourAnnotationId1).toEqual({
      success: false,
      id: "yourAnnotationId1",
      message: "Comment annotation does not exist.",
    });
    const swap = await api("/v1/commentannotations/update", {
      organizationId: ORG,
      documentId: "yourDocumentId",
      annotationIds: [annotationId],
      updateUsers: [
        {
          oldUser: { userId: "yourUserId" },
          newUser: { userId: "newUserId", name: "newUserName", email: "newUserEmail" },
        },
      ],
    });
    expect(swap.body.result.data[annotationId].success).toBe(true);
    const [a] = (await api("/v2/commentannotations/get", { organizationId: ORG, documentId: "yourDocumentId" })).body
      .result.data;
    expect(a.status).toMatchObject({ id: "RESOLVED", type: "terminal" });
    expect(a.from).toEqual({ userId: "newUserId", name: "newUserName", email: "newUserEmail" });
    expect(a.comments[0].from.userId).toBe("newUserId");
  });

  it("/v1/commentannotations/delete: by filters (examples 1, 2, 5); a missing id is 'Annotation not found.'", async () => {
    const { api, annotationId } = await withAnnotation();
    const none = await api("/v1/commentannotations/delete", {
      organizationId: ORG,
      documentId: "yourDocumentId",
      locationIds: ["locationx"],
    });
    expect(none.body.result).toEqual({ status: "success", message: "Annotations deleted successfully.", data: {} });
    const res = await api("/v1/commentannotations/delete", {
      organizationId: ORG,
      documentId: "yourDocumentId",
      annotationIds: [annotationId, "yourAnnotationId2"],
    });
    expect(res.body.result.data).toEqual({
      [annotationId]: { success: true, id: annotationId, message: "Deleted Successfully" },
      yourAnnotationId2: { success: false, id: "yourAnnotationId2", message: "Annotation not found." },
    });
    // Without an organization (the reference's examples 7-12): weft keeps every document in one.
    const orgless = await api("/v1/commentannotations/delete", { documentId: "yourDocumentId" });
    expect(orgless.body.error.status).toBe("INVALID_ARGUMENT");
    expect(orgless.body.error.message).toContain("organizationId");
  });

  it("/v1/commentannotations/comments/add, get, update, delete (reference examples)", async () => {
    const { api, annotationId } = await withAnnotation();
    const base = { organizationId: ORG, documentId: "yourDocumentId", annotationId };
    const added = await api("/v1/commentannotations/comments/add", {
      ...base,
      commentData: [{ commentText: "Sample Comment", commentHtml: "<div>Hello</div>", from: { userId: "yourUserId" } }],
    });
    expect(added.body).toEqual({
      result: { status: "success", message: "Comment(s) added successfully.", data: [expect.any(Number)] },
    });
    const newId: number = added.body.result.data[0];

    const got = await api("/v1/commentannotations/comments/get", { ...base, commentIds: [newId, 607395] });
    expect(got.body.result.message).toBe("Comments(s) retrieved successfully.");
    expect(got.body.result.data).toEqual([
      expect.objectContaining({
        commentHtml: "<div>Hello</div>",
        commentId: newId,
        commentText: "Sample Comment",
        from: { userId: "yourUserId" },
        lastUpdated: expect.stringMatching(/Z$/),
        status: "added",
        type: "text",
      }),
      null,
    ]);
    expect((await api("/v1/commentannotations/comments/get", base)).body.result.data).toHaveLength(2);

    const updated = await api("/v1/commentannotations/comments/update", {
      ...base,
      commentIds: [newId],
      updatedData: { commentText: "Sample Updated Comment", commentHtml: "<div>Hello Updated</div>" },
    });
    expect(updated.body).toEqual({
      result: {
        status: "success",
        message: "Comment updated successfully.",
        data: { [newId]: { success: true, id: newId, message: "Updated successfully" } },
      },
    });
    const edited = await api("/v1/commentannotations/comments/get", { ...base, commentIds: [newId] });
    expect(edited.body.result.data[0]).toMatchObject({ commentText: "Sample Updated Comment", status: "updated" });

    const deleted = await api("/v1/commentannotations/comments/delete", { ...base, commentIds: [newId, 607395] });
    expect(deleted.body).toEqual({
      result: {
        status: "success",
        message: "Comments(s) deleted successfully.",
        data: {
          [newId]: { success: true, id: newId, message: "Deleted successfully" },
          "607395": { success: false, id: 607395, message: "Not found" },
        },
      },
    });
    // Example 1: without commentIds every comment goes (and the annotation with its last one).
    const rest = await api("/v1/commentannotations/comments/delete", base);
    expect(Object.values(rest.body.result.data)).toEqual([
      { success: true, id: expect.any(Number), message: "Deleted successfully" },
    ]);
    const left = await api("/v1/commentannotations/get", { organizationId: ORG, documentId: "yourDocumentId" });
    expect(left.body.result.data).toEqual([]);
  });
});

describe("lifecycle and access (the v1 twins of issue 26's endpoints)", () => {
  type Api = ReturnType<typeof asKey>;
  /** Ids derived from the key differ between tenants; everything else must match. */
  const normalized = (body: unknown) =>
    JSON.parse(JSON.stringify(body).replace(/"id":"(\w+_)?[0-9a-f]{32}"/g, '"id":"<id>"'));

  async function setUp(api: Api) {
    await api("/v2/organizations/add", { organizations: [{ organizationId: ORG, organizationName: "Org" }] });
    await api("/v2/organizations/folders/add", { organizationId: ORG, folders: [{ folderId: "folder1" }] });
    await api("/v2/organizations/documents/add", {
      organizationId: ORG,
      documents: [{ documentId: "doc1" }, { documentId: "doc2" }],
    });
    await api("/v2/users/add", { organizationId: ORG, users: [user("user1"), user("user2")] });
    await api("/v2/organizations/usergroups/add", {
      organizationId: ORG,
      organizationUserGroups: [{ groupId: "engineering", groupName: "Engineering" }],
    });
  }

  /** The v1 path answers what its v2 twin answers for the same call on a tenant set up alike. */
  async function expectSameAsV2(v1: string, data: object) {
    const [a, b] = [asKey(await newWorkspace()), asKey(await newWorkspace())];
    await setUp(a);
    await setUp(b);
    const v2Reply = await a(v1.replace("/v1/", "/v2/"), data);
    const v1Reply = await b(v1, data);
    expect(v1Reply.status, v1).toBe(v2Reply.status);
    expect(normalized(v1Reply.body), v1).toEqual(normalized(v2Reply.body));
    expect(v1Reply.status, `${v1}: ${JSON.stringify(v1Reply.body)}`).toBe(200);
    return v1Reply.body;
  }

  it("answer as their v2 twins (organizations, documents, groups), per the reference's 'same body and reply'", async () => {
    await expectSameAsV2("/v1/organizations/update", {
      organizations: [{ organizationId: ORG, organizationName: "Renamed" }],
    });
    await expectSameAsV2("/v1/organizations/access/disablestate/update", {
      organizationIds: [ORG, "missing"],
      disabled: true,
    });
    const deleted = await expectSameAsV2("/v1/organizations/delete", { organizationIds: [ORG, "missing"] });
    expect(deleted.result.data[ORG]).toMatchObject({ success: true, message: "Deleted Successfully" });
    expect(deleted.result.data.missing).toMatchObject({ success: false });
    await expectSameAsV2("/v1/organizations/documents/move", {
      organizationId: ORG,
      documentIds: ["doc1"],
      folderId: "folder1",
    });
    await expectSameAsV2("/v1/organizations/documents/access/update", {
      organizationId: ORG,
      documentIds: ["doc1", "doc2"],
      accessType: "restricted",
    });
    await expectSameAsV2("/v1/organizations/documents/access/disablestate/update", {
      organizationId: ORG,
      documentIds: ["doc1"],
      disabled: true,
    });
    await expectSameAsV2("/v1/organizations/folders/access/update", {
      organizationId: ORG,
      folderIds: ["folder1"],
      accessType: "organizationPrivate",
    });
    await expectSameAsV2("/v1/organizations/usergroups/add", {
      organizationId: ORG,
      organizationUserGroups: [{ groupId: "design", groupName: "Design" }],
    });
    await expectSameAsV2("/v1/organizations/usergroups/users/add", {
      organizationId: ORG,
      organizationUserGroupId: "engineering",
      userIds: ["user1", "user2"],
    });
    await expectSameAsV2("/v1/organizations/usergroups/users/delete", {
      organizationId: ORG,
      organizationUserGroupId: "engineering",
      deleteAll: true,
    });
  });

  it("/v1/organizations/documents/update answers a missing document inline (code not-found, HTTP 200); v2 answers 500", async () => {
    const api = asKey(await newWorkspace());
    await setUp(api);
    const data = {
      organizationId: ORG,
      documents: [
        { documentId: "doc1", documentName: "New name" },
        { documentId: "yourDocumentId2", documentName: "Nope" },
      ],
    };
    const v1 = await api("/v1/organizations/documents/update", data);
    expect(v1.status).toBe(200);
    expect(v1.body).toEqual({
      result: {
        status: "success",
        message: "Document(s) updated successfully.",
        data: {
          doc1: { success: true, id: HEX_ID, message: "Updated Successfully" },
          yourDocumentId2: {
            success: false,
            id: "yourDocumentId2",
            message: "Document does not exist",
            code: "not-found",
          },
        },
      },
    });
    const v2 = await api("/v2/organizations/documents/update", data);
    expect(v2.status).toBe(500);
    expect(v2.body.error.message).toBe("Error updating document(s).");
  });

  it("v1 bodies are the smaller ones: no inheritFromParent for folders (accessType required), no createOrganization for groups", async () => {
    const api = asKey(await newWorkspace());
    await setUp(api);
    const inherit = await api("/v1/organizations/folders/access/update", {
      organizationId: ORG,
      folderIds: ["folder1"],
      inheritFromParent: true,
    });
    expect(inherit.status).toBe(400);
    expect(inherit.body.error.status).toBe("INVALID_ARGUMENT");
    expect(inherit.body.error.message).toMatch(/accessType|inheritFromParent/);
    const create = await api("/v1/organizations/usergroups/add", {
      organizationId: "new-org",
      createOrganization: true,
      organizationUserGroups: [{ groupId: "g", groupName: "G" }],
    });
    expect(create.status).toBe(400);
    expect(create.body.error.message).toMatch(/createOrganization/);
  });
});
