import { beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/wait";
import {
  connect,
  databaseEnv,
  docName,
  newTenant,
  post,
  startServer,
  synced,
  userToken,
  type Client,
  type LiveServer,
  type Tenant,
} from "./live-support";

// The access model on /live, through the stock @hocuspocus/provider: access types (public for any token of
// the key, restricted only through document, folder or group grants), and every change that takes access away
// closing the open socket within the re-check interval with its reason, and refusing the next connection.

let server: LiveServer;
let t: Tenant;
let seq = 0;

beforeAll(async () => {
  server = await startServer({
    ...(await databaseEnv("weft_live_access")),
    WEFT_LIVE_RECHECK_MS: "300",
    WEFT_AUTH_CACHE_MS: "0",
  });
  t = await newTenant(server.base);
}, 120_000);

const api = async (path: string, data: unknown) => {
  const res = await post(server.base, path, data, t.headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** A new organization with one document of the given access type (and a folder it may sit in). */
async function organization(accessType: "public" | "organizationPrivate" | "restricted", inFolder = false) {
  const organizationId = `org-${++seq}`;
  await api("/v2/organizations/folders/add", {
    organizationId,
    createOrganization: true,
    folders: [{ folderId: "f" }],
  });
  await api("/v2/organizations/documents/add", {
    organizationId,
    ...(inFolder && { folderId: "f" }),
    documents: [{ documentId: "doc", ...(!inFolder && { accessType }) }],
  });
  if (inFolder) await api("/v2/organizations/folders/access/update", { organizationId, folderIds: ["f"], accessType });
  return { organizationId, name: docName(t.apiKey, organizationId, "doc", "ed") };
}

async function opened(name: string, token: string): Promise<Client> {
  const c = connect(server.wsUrl, name, token);
  await synced(c);
  return c;
}

async function refused(name: string, token: string): Promise<string> {
  const c = connect(server.wsUrl, name, token);
  await waitFor(() => c.failures.length > 0);
  expect(c.provider.isSynced).toBe(false);
  c.destroy();
  return c.failures[0];
}

/** Waits for the server to close the client's document with `reason`. */
const closedWith = (c: Client, reason: string) => waitFor(() => c.closes.includes(reason), 10_000, 20);

describe("access types on /live", () => {
  it("public: any token of the key reads and writes; restricted: only granted users", async () => {
    const open = await organization("public");
    const anyone = await userToken(server.base, t, "anyone", []);
    const c = await opened(open.name, anyone);
    expect(c.provider.authorizedScope).toBe("read-write");
    c.destroy();

    const closed = await organization("restricted");
    expect(await refused(closed.name, anyone)).toBe("no-access");
    // An organization grant makes a member, not a permitted user of a restricted document.
    const member = await userToken(server.base, t, "member", [{ type: "organization", id: closed.organizationId }]);
    expect(await refused(closed.name, member)).toBe("no-access");
    const viewer = await userToken(server.base, t, "viewer", [
      { type: "document", id: "doc", organizationId: closed.organizationId, accessRole: "viewer" },
    ]);
    const v = await opened(closed.name, viewer);
    expect(v.provider.authorizedScope).toBe("readonly");
    v.destroy();
  });

  it("a group grant opens a restricted document to its members, and leaving the group closes the socket", async () => {
    const { organizationId, name } = await organization("restricted");
    await api("/v2/users/add", { organizationId, users: [{ userId: "grouped", name: "G" }] });
    await api("/v2/organizations/usergroups/add", {
      organizationId,
      organizationUserGroups: [{ groupId: "readers", groupName: "Readers" }],
    });
    await api("/v2/organizations/usergroups/permissions/add", {
      organizationId,
      organizationUserGroupId: "readers",
      permissions: { resources: [{ type: "document", id: "doc" }] },
    });
    const token = await userToken(server.base, t, "grouped", []);
    expect(await refused(name, token)).toBe("no-access");
    await api("/v2/organizations/usergroups/users/add", {
      organizationId,
      organizationUserGroupId: "readers",
      userIds: ["grouped"],
    });
    const c = await opened(name, token);
    expect(c.provider.authorizedScope).toBe("read-write");
    await api("/v2/organizations/usergroups/users/delete", {
      organizationId,
      organizationUserGroupId: "readers",
      userIds: ["grouped"],
    });
    await closedWith(c, "access-revoked");
    expect(await refused(name, token)).toBe("no-access");
  });
});

describe("an editor loses the socket", () => {
  it("after Remove Permissions", async () => {
    const { organizationId, name } = await organization("restricted");
    await api("/v2/auth/permissions/add", {
      user: { userId: "editor", name: "E", email: "e@example.com" },
      permissions: { resources: [{ type: "document", id: "doc", organizationId }] },
    });
    const token = await userToken(server.base, t, "editor", []);
    const c = await opened(name, token);
    expect(c.provider.authorizedScope).toBe("read-write");
    await api("/v2/auth/permissions/remove", {
      userId: "editor",
      permissions: { resources: [{ type: "document", id: "doc", organizationId }] },
    });
    await closedWith(c, "access-revoked");
    expect(await refused(name, token)).toBe("no-access");
  });

  it("after the document is disabled (a service token keeps working), and gets it back when re-enabled", async () => {
    const { organizationId, name } = await organization("public");
    const token = await userToken(server.base, t, "editor", []);
    const c = await opened(name, token);
    await api("/v2/organizations/documents/access/disablestate/update", {
      organizationId,
      documentIds: ["doc"],
      disabled: true,
    });
    await closedWith(c, "document-disabled");
    expect(await refused(name, token)).toBe("document-disabled");
    const service = await opened(name, t.serviceToken);
    expect(service.provider.authorizedScope).toBe("read-write");
    service.destroy();
    await api("/v2/organizations/documents/access/disablestate/update", {
      organizationId,
      documentIds: ["doc"],
      disabled: false,
    });
    (await opened(name, token)).destroy();
  });

  it("after its organization is disabled", async () => {
    const { organizationId, name } = await organization("public");
    const token = await userToken(server.base, t, "editor", []);
    const c = await opened(name, token);
    await api("/v2/organizations/access/disablestate/update", { organizationIds: [organizationId], disabled: true });
    await closedWith(c, "organization-disabled");
    expect(await refused(name, token)).toBe("organization-disabled");
  });

  it("after its folder's access changes to one that leaves the user out", async () => {
    const { organizationId, name } = await organization("public", true);
    const token = await userToken(server.base, t, "editor", []);
    const c = await opened(name, token);
    await api("/v2/organizations/folders/access/update", {
      organizationId,
      folderIds: ["f"],
      accessType: "organizationPrivate",
    });
    await closedWith(c, "access-revoked");
    expect(await refused(name, token)).toBe("no-access");
  });

  it("after Update Access for Documents, and a viewer made editor reconnects with the new role", async () => {
    const { organizationId, name } = await organization("public");
    const viewer = await userToken(server.base, t, "v", [
      { type: "organization", id: organizationId, accessRole: "viewer" },
    ]);
    const anyone = await userToken(server.base, t, "anyone", []);
    const a = await opened(name, anyone);
    const v = await opened(name, viewer);
    expect(v.provider.authorizedScope).toBe("readonly");
    await api("/v2/organizations/documents/access/update", {
      organizationId,
      documentIds: ["doc"],
      accessType: "restricted",
    });
    await closedWith(a, "access-revoked");
    await closedWith(v, "access-revoked");
    await api("/v2/auth/permissions/add", {
      user: { userId: "v", name: "V", email: "v@example.com" },
      permissions: { resources: [{ type: "document", id: "doc", organizationId }] },
    });
    // The stored document grant (editor) is more specific than the token's organization grant (viewer).
    const again = await opened(name, viewer);
    expect(again.provider.authorizedScope).toBe("read-write");
    await api("/v2/auth/permissions/add", {
      user: { userId: "v", name: "V", email: "v@example.com" },
      permissions: { resources: [{ type: "document", id: "doc", organizationId, accessRole: "viewer" }] },
    });
    await closedWith(again, "access-changed");
    const reconnected = await opened(name, viewer);
    expect(reconnected.provider.authorizedScope).toBe("readonly");
    reconnected.destroy();
  });

  it("after its organization is deleted, service tokens included", async () => {
    const { organizationId, name } = await organization("public");
    const token = await userToken(server.base, t, "editor", []);
    const c = await opened(name, token);
    const service = await opened(name, t.serviceToken);
    await api("/v2/organizations/delete", { organizationIds: [organizationId] });
    // Checked first: the purge starts two re-check intervals after the delete, and its end frees the id.
    expect(await refused(name, t.serviceToken)).toBe("organization-deleted");
    await closedWith(c, "organization-deleted");
    await closedWith(service, "organization-deleted");
  });
});
