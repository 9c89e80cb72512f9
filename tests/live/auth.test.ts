import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/wait";
import {
  connect,
  databaseEnv,
  docName,
  editorRefs,
  getEditor,
  newTenant,
  post,
  startServer,
  synced,
  userToken,
  type LiveServer,
  type Tenant,
} from "./live-support";

// Who may open a live document: user tokens (token grants ∪ stored grants; viewer read-only), service
// tokens, refusals with the reason the provider reports, and revocation while connected.

let server: LiveServer;
let t: Tenant;
let other: Tenant;
const ref = editorRefs();
const nameOf = (k: Tenant, r: ReturnType<typeof ref>) => docName(k.apiKey, r.organizationId, r.documentId, r.editorId);

beforeAll(async () => {
  server = await startServer({
    ...(await databaseEnv("weft_live_auth")),
    WEFT_LIVE_RECHECK_MS: "500",
    WEFT_AUTH_CACHE_MS: "0",
  });
  t = await newTenant(server.base);
  other = await newTenant(server.base);
}, 120_000);

async function withText(data: string) {
  const r = ref();
  await post(server.base, "/v2/crdt/add", { ...r, data, type: "text" }, t.headers);
  return r;
}

async function refusedWith(name: string, token: string) {
  const c = connect(server.wsUrl, name, token);
  await waitFor(() => c.failures.length > 0);
  // Nothing of the document was sent.
  expect(c.provider.isSynced).toBe(false);
  expect(c.text()).toBe("");
  c.destroy();
  return c.failures[0];
}

describe("live auth", () => {
  it("a user token with an editor grant reads and writes", async () => {
    const r = await withText("shared");
    const token = await userToken(server.base, t, "ed-1", [
      { type: "document", id: r.documentId, organizationId: "org" },
    ]);
    const c = connect(server.wsUrl, nameOf(t, r), token);
    await synced(c);
    expect(c.provider.authorizedScope).toBe("read-write");
    c.doc.getText("content").insert(0, "+");
    await c.acked();
    expect((await getEditor(server.base, t, r)).data).toBe("+shared");
  });

  it("a viewer connects read-only: its edits are never applied, stored or relayed", async () => {
    const r = await withText("read me");
    const token = await userToken(server.base, t, "viewer-1", [
      { type: "organization", id: "org", accessRole: "viewer" },
    ]);
    const v = connect(server.wsUrl, nameOf(t, r), token);
    const w = connect(server.wsUrl, nameOf(t, r), t.serviceToken);
    await Promise.all([synced(v), synced(w)]);
    expect(v.text()).toBe("read me");
    expect(v.provider.authorizedScope).toBe("readonly");
    v.doc.getText("content").insert(0, "VIEWER ");
    // The writer's own edit after the viewer's is acknowledged and reaches the viewer: the server has
    // handled the viewer's frame by then (one socket, in order), and refused it.
    w.doc.getText("content").insert(w.text().length, "!");
    await w.acked();
    await waitFor(() => v.text().endsWith("!"));
    expect(w.text()).toBe("read me!");
    expect((await getEditor(server.base, t, r)).data).toBe("read me!");
    expect(v.provider.hasUnsyncedChanges).toBe(true);
  });

  it("stored grants count: Add Permissions gives a user without token grants access", async () => {
    const r = await withText("stored");
    const token = await userToken(server.base, t, "stored-1", []);
    expect(await refusedWith(nameOf(t, r), token)).toBe("no-access");
    const added = await post(
      server.base,
      "/v2/auth/permissions/add",
      {
        user: { userId: "stored-1", name: "S", email: "s@example.com" },
        permissions: { resources: [{ type: "document", id: r.documentId, organizationId: "org" }] },
      },
      t.headers,
    );
    expect(added.status).toBe(200);
    const c = connect(server.wsUrl, nameOf(t, r), token);
    await synced(c);
    expect(c.provider.authorizedScope).toBe("read-write");
  });

  it("a folder grant covers documents under the folder at any depth, and only those", async () => {
    const folders = await post(
      server.base,
      "/v2/organizations/folders/add",
      {
        organizationId: "org",
        createOrganization: true,
        folders: [{ folderId: "top" }, { folderId: "inner", parentFolderId: "top" }],
      },
      t.headers,
    );
    expect(folders.status).toBe(200);
    const inside = await withText("in the folder");
    const outside = await withText("elsewhere");
    const docs = await post(
      server.base,
      "/v2/organizations/documents/add",
      { organizationId: "org", folderId: "inner", documents: [{ documentId: inside.documentId }] },
      t.headers,
    );
    expect(docs.status).toBe(200);
    const token = await userToken(server.base, t, "folder-user", [
      { type: "folder", id: "top", organizationId: "org", accessRole: "viewer" },
    ]);
    const c = connect(server.wsUrl, nameOf(t, inside), token);
    await synced(c);
    expect(c.text()).toBe("in the folder");
    expect(c.provider.authorizedScope).toBe("readonly");
    expect(await refusedWith(nameOf(t, outside), token)).toBe("no-access");
  });

  it("refuses bad tokens with a reason and sends nothing", async () => {
    const r = await withText("secret");
    const name = nameOf(t, r);
    expect(await refusedWith(name, "garbage")).toBe("invalid-token");
    // Well-formed, naming this key, but not signed with its secret.
    const forged = await new SignJWT({ userId: "u", permissions: { resources: [{ type: "organization", id: "org" }] } })
      .setProtectedHeader({ alg: "HS256", kid: t.apiKey })
      .setIssuer("weft")
      .setAudience(t.apiKey)
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("not the key's secret, not the key's secret"));
    expect(await refusedWith(name, forged)).toBe("invalid-token");
    expect(await refusedWith(name, "")).toBe("invalid-token");
    expect(await refusedWith(name, `${t.apiKey}:wrong`)).toBe("invalid-service-token");
    // Another key's service token, and another key's user token, on this key's document name.
    expect(await refusedWith(name, other.serviceToken)).toBe("wrong-api-key");
    const foreign = await userToken(server.base, other, "u", [{ type: "organization", id: "org" }]);
    expect(await refusedWith(name, foreign)).toBe("wrong-api-key");
    // A grant for another document, and an expired grant.
    const elsewhere = await userToken(server.base, t, "u2", [
      { type: "document", id: "not-this-one", organizationId: "org" },
    ]);
    expect(await refusedWith(name, elsewhere)).toBe("no-access");
    const expired = await userToken(server.base, t, "u3", [
      { type: "organization", id: "org", expiresAt: Math.floor(Date.now() / 1000) - 60 },
    ]);
    expect(await refusedWith(name, expired)).toBe("no-access");
    expect(await refusedWith("not/a/valid-name", t.serviceToken)).toBe("invalid-document-name");
  });

  it("admits a document name only in its canonical spelling, so one editor is one open document", async () => {
    const r = await withText("one spelling");
    // The same editor with a percent-escape encodeURIComponent never writes, and with a raw newline.
    const escaped = [t.apiKey, r.organizationId, "%64" + r.documentId.slice(1), r.editorId].join("/");
    expect(await refusedWith(escaped, t.serviceToken)).toBe("non-canonical-document-name");
    const raw = [t.apiKey, r.organizationId, `${r.documentId}\n{"level":"info"}`, r.editorId].join("/");
    expect(await refusedWith(raw, t.serviceToken)).toBe("non-canonical-document-name");
    const c = connect(server.wsUrl, nameOf(t, r), t.serviceToken);
    await synced(c);
    expect(c.text()).toBe("one spelling");
  });

  it("closes a connection within 5 s when its grant is revoked", async () => {
    const r = await withText("revocable");
    await post(
      server.base,
      "/v2/auth/permissions/add",
      {
        user: { userId: "rev-1", name: "R", email: "r@example.com" },
        permissions: { resources: [{ type: "document", id: r.documentId, organizationId: "org" }] },
      },
      t.headers,
    );
    const c = connect(server.wsUrl, nameOf(t, r), await userToken(server.base, t, "rev-1", []));
    await synced(c);
    const revokedAt = Date.now();
    await post(
      server.base,
      "/v2/auth/permissions/add",
      {
        user: { userId: "rev-1", name: "R", email: "r@example.com" },
        permissions: { resources: [{ type: "document", id: r.documentId, organizationId: "org", expiresAt: 1 }] },
      },
      t.headers,
    );
    await waitFor(() => c.closes.includes("access-revoked"), 5_000, 20);
    expect(Date.now() - revokedAt).toBeLessThan(5_000);
  });

  it("closes service-token connections within 5 s when the auth token is reset", async () => {
    const k = await newTenant(server.base);
    const r = ref();
    await post(server.base, "/v2/crdt/add", { ...r, data: "x", type: "text" }, k.headers);
    const c = connect(server.wsUrl, nameOf(k, r), k.serviceToken);
    await synced(c);
    const reset = await post(
      server.base,
      "/v2/workspace/authtoken/reset",
      { apiKey: k.apiKey },
      { "x-service-workspace-id": k.workspace.id, "x-service-workspace-auth-token": k.workspace.authToken },
    );
    expect(reset.status).toBe(200);
    await waitFor(() => c.closes.includes("access-revoked"), 5_000, 20);
  });
});
