import { decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { signingKeyAad } from "@/lib/domain/permissions/signing-key";
import { verifyUserToken } from "@/lib/domain/permissions/user-token";
import { decryptSecret } from "@/lib/infra/crypto";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { asKey, call, newWorkspace, setAdvancedQueries, useTestDatabase } from "../helpers/api";

useTestDatabase();

async function secretOf(apiKey: string) {
  const row = await db().apiKeySigningKey.findUniqueOrThrow({ where: { apiKeyId: apiKey } });
  return Buffer.from(decryptSecret(row.secretEnc, signingKeyAad(apiKey)), "base64url");
}

const tokenBody = {
  userId: "user123",
  userProperties: { isAdmin: false, name: "John Doe", email: "john@example.com" },
  permissions: {
    resources: [
      { type: "organization", id: "org_123", accessRole: "viewer" },
      { type: "document", id: "doc_456", organizationId: "org_123", accessRole: "editor", expiresAt: 1640995200 },
      { type: "folder", id: "folder_001", organizationId: "org_123" },
    ],
  },
};

describe("Add Permissions", () => {
  it("stores grants per resource with role and expiry, and puts the user in the organization's directory", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/organizations/documents/add", {
      organizationId: "org",
      createOrganization: true,
      documents: [{ documentId: "doc" }],
    });
    const future = Math.floor(Date.now() / 1000) + 3600;
    const res = await api("/v2/auth/permissions/add", {
      user: { userId: "some-user-id" },
      permissions: {
        resources: [
          { type: "organization", id: "org", accessRole: "viewer" },
          { type: "document", id: "doc", organizationId: "org", accessRole: "editor", expiresAt: future },
          { type: "folder", id: "later-folder", organizationId: "org" },
          { type: "organization", id: "brand-new" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: { status: "success", message: "Permissions added successfully." } });
    const rows = await db().membership.findMany({ where: { apiKeyId: w.apiKey }, orderBy: { resourceId: "asc" } });
    expect(
      rows.map((r) => [r.organizationId, r.resourceType, r.resourceId, r.accessRole, r.expiresAt?.getTime() ?? null]),
    ).toEqual([
      ["brand-new", "organization", "brand-new", "editor", null],
      ["org", "document", "doc", "editor", future * 1000],
      ["org", "folder", "later-folder", "editor", null],
      ["org", "organization", "org", "viewer", null],
    ]);
    expect((await api("/v2/users/get", { organizationId: "org", documentId: "doc" })).body.result.data).toEqual([
      { userId: "some-user-id", accessRole: "editor" },
    ]);

    // A new grant replaces role and expiry; an expired one no longer counts.
    await api("/v2/auth/permissions/add", {
      user: { userId: "some-user-id" },
      permissions: {
        resources: [{ type: "document", id: "doc", organizationId: "org", accessRole: "viewer", expiresAt: 1 }],
      },
    });
    expect((await api("/v2/users/get", { organizationId: "org", documentId: "doc" })).body.result.data).toEqual([]);
    await api("/v2/auth/permissions/add", {
      user: { userId: "some-user-id" },
      permissions: { resources: [{ type: "document", id: "doc", organizationId: "org", accessRole: "viewer" }] },
    });
    expect((await api("/v2/users/get", { organizationId: "org", documentId: "doc" })).body.result.data).toEqual([
      { userId: "some-user-id", accessRole: "viewer" },
    ]);
  });

  it("refuses resources without organizationId, repeated ones and unknown types, writing nothing", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    const add = (resources: unknown[]) =>
      api("/v2/auth/permissions/add", { user: { userId: "u" }, permissions: { resources } });
    expect((await add([{ type: "document", id: "d" }])).body).toEqual({
      error: {
        status: "INVALID_ARGUMENT",
        message: "permissions.resources[0].organizationId is required for document and folder resources.",
      },
    });
    expect(
      (
        await add([
          { type: "organization", id: "o" },
          { type: "organization", id: "o", accessRole: "viewer" },
        ])
      ).body.error.message,
    ).toBe("permissions.resources[1] repeats permissions.resources[0].");
    expect((await add([{ type: "workspace", id: "o" }])).body.error.message).toBe(
      "permissions.resources[0].type must be one of: organization, document, folder.",
    );
    expect((await add([{ type: "organization", id: "o", expiresAt: Date.now() }])).body.error.message).toBe(
      "permissions.resources[0].expiresAt must be at most 100000000000.",
    );
    expect((await api("/v2/auth/permissions/add", { permissions: { resources: [] } })).body.error.message).toBe(
      "user is required.",
    );
    expect(await db().membership.count({ where: { apiKeyId: w.apiKey } })).toBe(0);
  });
});

describe("Generate Token", () => {
  it("returns an HS256 JWT, valid 48 hours, signed with the key's own secret, carrying user and resources", async () => {
    const w = await newWorkspace();
    const res = await asKey(w)("/v2/auth/generate_token", tokenBody);
    expect(res.body).toEqual({
      result: { status: "success", message: "Token generated successfully.", data: { token: expect.any(String) } },
    });
    const { token } = res.body.result.data;
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256", typ: "JWT", kid: w.apiKey });
    const { payload } = await jwtVerify(token, await secretOf(w.apiKey), {
      algorithms: ["HS256"],
      issuer: "weft",
      audience: w.apiKey,
    });
    expect(payload.exp! - payload.iat!).toBe(48 * 3600);
    expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(60);
    expect(payload).toMatchObject({
      sub: "user123",
      userId: "user123",
      userProperties: { isAdmin: false, name: "John Doe", email: "john@example.com" },
      permissions: {
        resources: [
          { type: "organization", id: "org_123", organizationId: "org_123", accessRole: "viewer" },
          { type: "document", id: "doc_456", organizationId: "org_123", accessRole: "editor", expiresAt: 1640995200 },
          { type: "folder", id: "folder_001", organizationId: "org_123", accessRole: "editor" },
        ],
      },
    });
    expect(await verifyUserToken(db(), token)).toMatchObject({ userId: "user123" });
    // Nothing is stored by generating a token.
    expect(await db().membership.count({ where: { apiKeyId: w.apiKey } })).toBe(0);
  });

  it("keeps one secret per key: a second token uses it, another key's secret does not verify, tampering fails", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const first = (await asKey(a)("/v2/auth/generate_token", tokenBody)).body.result.data.token;
    const second = (await asKey(a)("/v2/auth/generate_token", { ...tokenBody, userId: "other" })).body.result.data
      .token;
    const other = (await asKey(b)("/v2/auth/generate_token", tokenBody)).body.result.data.token;
    const secretA = await secretOf(a.apiKey);
    await jwtVerify(second, secretA, { issuer: "weft", audience: a.apiKey });
    await expect(jwtVerify(other, secretA, { issuer: "weft" })).rejects.toThrow();
    expect(await db().apiKeySigningKey.count({ where: { apiKeyId: a.apiKey } })).toBe(1);
    const [header, , signature] = first.split(".");
    const forged = `${header}.${Buffer.from(JSON.stringify({ userId: "admin", iss: "weft", aud: a.apiKey, exp: 9999999999 })).toString("base64url")}.${signature}`;
    await expect(verifyUserToken(db(), forged)).rejects.toMatchObject({
      status: "PERMISSION_DENIED",
      message: "Invalid token.",
    });
    await expect(verifyUserToken(db(), "not-a-jwt")).rejects.toMatchObject({ status: "PERMISSION_DENIED" });
  });

  it("are accepted only with the audience naming their own key alone: never an array naming others too", async () => {
    const [a, b] = [await newWorkspace(), await newWorkspace()];
    await asKey(a)("/v2/auth/generate_token", tokenBody);
    const secretA = await secretOf(a.apiKey);
    const signed = (aud: string | string[]) =>
      new SignJWT({ ...tokenBody })
        .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: a.apiKey })
        .setIssuer("weft")
        .setAudience(aud)
        .setSubject(tokenBody.userId)
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(secretA);
    expect(await verifyUserToken(db(), await signed(a.apiKey))).toMatchObject({ userId: "user123" });
    // Signed under A's secret and naming B as well: it must not reach B's documents (live-auth.ts checks the
    // document's key against the audience).
    for (const aud of [[a.apiKey, b.apiKey], [b.apiKey, a.apiKey], [a.apiKey]]) {
      await expect(verifyUserToken(db(), await signed(aud))).rejects.toMatchObject({
        status: "PERMISSION_DENIED",
        message: "Invalid token.",
      });
    }
  });

  it("requires the wrapped body, the user's name and email", async () => {
    const w = await newWorkspace();
    const unwrapped = await call("/v2/auth/generate_token", undefined, {
      headers: w.key,
      raw: JSON.stringify(tokenBody),
    });
    expect(unwrapped.status).toBe(400);
    expect(unwrapped.body.error.status).toBe("INVALID_ARGUMENT");
    const noEmail = await asKey(w)("/v2/auth/generate_token", { ...tokenBody, userProperties: { name: "x" } });
    expect(noEmail.body.error).toEqual({ status: "INVALID_ARGUMENT", message: "userProperties.email is required." });
  });
});

describe("advanced queries default", () => {
  it("new keys start with advanced queries off when WEFT_DEFAULT_ADVANCED_QUERIES=false", async () => {
    process.env.WEFT_DEFAULT_ADVANCED_QUERIES = "false";
    reloadEnvForTests();
    try {
      const w = await newWorkspace();
      const res = await asKey(w)("/v2/users/get", { organizationId: "org" });
      expect(res.body.error.status).toBe("FAILED_PRECONDITION");
      await setAdvancedQueries(w.apiKey, true);
      expect((await asKey(w)("/v2/users/get", { organizationId: "org" })).status).toBe(200);
    } finally {
      delete process.env.WEFT_DEFAULT_ADVANCED_QUERIES;
      reloadEnvForTests();
    }
  });
});

describe("Get Permissions", () => {
  async function organization() {
    const api = asKey(await newWorkspace());
    await api("/v2/organizations/folders/add", {
      organizationId: "org1",
      createOrganization: true,
      folders: [{ folderId: "folder2", accessType: "restricted" }],
    });
    await api("/v2/organizations/documents/add", {
      organizationId: "org1",
      folderId: "folder2",
      documents: [{ documentId: "document1-26-may-2025-folder2" }],
    });
    await api("/v2/organizations/documents/add", {
      organizationId: "org1",
      documents: [{ documentId: "document5", accessType: "restricted" }, { documentId: "open" }],
    });
    await api("/v2/auth/permissions/add", {
      user: { userId: "1.1", name: "One", email: "one@example.com" },
      permissions: {
        resources: [
          { type: "organization", id: "org1" },
          { type: "folder", id: "folder2", organizationId: "org1" },
          {
            type: "document",
            id: "document1-26-may-2025-folder2",
            organizationId: "org1",
            accessRole: "viewer",
            expiresAt: 4_000_000_000,
          },
        ],
      },
    });
    return api;
  }

  it("answers each user's role and access type per resource, with the reference's shape", async () => {
    const api = await organization();
    const res = await api("/v2/auth/permissions/get", {
      organizationId: "org1",
      userIds: ["1.1", "stranger"],
      folderIds: ["folder2"],
      documentIds: ["document1-26-may-2025-folder2", "document5", "open"],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "User permissions retrieved successfully.",
        data: {
          "1.1": {
            folders: { folder2: { accessRole: "editor", accessType: "restricted" } },
            documents: {
              // The document's own grant decides (viewer), over the folder's and the organization's.
              "document1-26-may-2025-folder2": {
                accessRole: "viewer",
                accessType: "restricted",
                expiresAt: 4_000_000_000,
              },
              document5: {
                error: "User does not have access to document",
                errorCode: "permission_denied",
                accessType: "restricted",
              },
              open: { accessRole: "editor", accessType: "public" },
            },
            organization: { org1: { accessRole: "editor" } },
          },
          stranger: {
            folders: {
              folder2: {
                error: "User does not have access to folder",
                errorCode: "permission_denied",
                accessType: "restricted",
              },
            },
            documents: {
              "document1-26-may-2025-folder2": {
                error: "User does not have access to document",
                errorCode: "permission_denied",
                accessType: "restricted",
              },
              document5: {
                error: "User does not have access to document",
                errorCode: "permission_denied",
                accessType: "restricted",
              },
              open: { accessRole: "editor", accessType: "public" },
            },
            organization: {
              org1: { error: "User does not have access to organization", errorCode: "permission_denied" },
            },
          },
        },
      },
    });
  });

  it("fails the whole call for a folder or document that does not exist, with the per-user answer in details", async () => {
    const api = await organization();
    const res = await api("/v2/auth/permissions/get", {
      organizationId: "org1",
      userIds: ["1.1"],
      documentIds: ["document1-26-may-2025-folder222"],
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: {
        status: "NOT_FOUND",
        message: "Folder or document does not exist",
        details: {
          "1.1": {
            documents: {
              "document1-26-may-2025-folder222": { error: "Document does not exist", errorCode: "does_not_exist" },
            },
            organization: { org1: { accessRole: "editor" } },
          },
        },
      },
    });
  });

  it("reports a disabled organization or document as no access", async () => {
    const api = await organization();
    await api("/v2/organizations/documents/access/disablestate/update", {
      organizationId: "org1",
      documentIds: ["open"],
      disabled: true,
    });
    const ask = () =>
      api("/v2/auth/permissions/get", { organizationId: "org1", userIds: ["1.1"], documentIds: ["open"] });
    expect((await ask()).body.result.data["1.1"].documents.open).toEqual({
      error: "Document is disabled",
      errorCode: "permission_denied",
      accessType: "public",
    });
    await api("/v2/organizations/access/disablestate/update", { organizationIds: ["org1"], disabled: true });
    expect((await ask()).body.result.data["1.1"].organization.org1).toEqual({
      error: "Organization is disabled",
      errorCode: "permission_denied",
    });
  });
});

describe("Remove Permissions", () => {
  it("takes stored grants back, as the reference example shows, leaving the user in the directory", async () => {
    const api = asKey(await newWorkspace());
    await api("/v2/organizations/documents/add", {
      organizationId: "ORGANIZATION_ID",
      createOrganization: true,
      documents: [{ documentId: "DOCUMENT_ID", accessType: "restricted" }],
    });
    await api("/v2/auth/permissions/add", {
      user: { userId: "USER_ID", name: "U", email: "u@example.com" },
      permissions: {
        resources: [
          { type: "organization", id: "ORGANIZATION_ID" },
          { type: "document", id: "DOCUMENT_ID", organizationId: "ORGANIZATION_ID" },
        ],
      },
    });
    const ask = async () =>
      (
        await api("/v2/auth/permissions/get", {
          organizationId: "ORGANIZATION_ID",
          userIds: ["USER_ID"],
          documentIds: ["DOCUMENT_ID"],
        })
      ).body.result.data.USER_ID;
    expect((await ask()).documents.DOCUMENT_ID.accessRole).toBe("editor");
    const res = await api("/v2/auth/permissions/remove", {
      userId: "USER_ID",
      permissions: {
        resources: [
          { type: "organization", id: "ORGANIZATION_ID" },
          { type: "document", id: "DOCUMENT_ID", organizationId: "ORGANIZATION_ID" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: { status: "success", message: "Permissions removed successfully." } });
    expect(await ask()).toMatchObject({
      documents: { DOCUMENT_ID: { errorCode: "permission_denied" } },
      organization: { ORGANIZATION_ID: { errorCode: "permission_denied" } },
    });
    const users = await api("/v2/users/get", { organizationId: "ORGANIZATION_ID", userIds: ["USER_ID"] });
    expect(users.body.result.data).toEqual([]);
    expect(await db().organizationUser.count({ where: { userId: "USER_ID" } })).toBe(1);
    // Removing what is not there is not an error; a document needs its organizationId.
    const nothing = await api("/v2/auth/permissions/remove", {
      userId: "USER_ID",
      permissions: { resources: [{ type: "folder", id: "x", organizationId: "ORGANIZATION_ID" }] },
    });
    expect(nothing.status).toBe(200);
    const bad = await api("/v2/auth/permissions/remove", {
      userId: "USER_ID",
      permissions: { resources: [{ type: "document", id: "DOCUMENT_ID" }] },
    });
    expect(bad.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "permissions.resources[0].organizationId is required for document and folder resources.",
    });
  });
});

describe("Generate Signature", () => {
  it("signs permission decisions with a 64-hex HMAC that depends on every field and on the key", async () => {
    const a = asKey(await newWorkspace());
    const b = asKey(await newWorkspace());
    const decision = {
      userId: "user123",
      resourceId: "document456",
      type: "document",
      hasAccess: true,
      accessRole: "viewer",
      expiresAt: 1759745729823,
    };
    const sign = async (api: typeof a, permissions: object[]) => {
      const res = await api("/v2/auth/generate_signature", { permissions });
      expect(res.status).toBe(200);
      expect(res.body.result.message).toBe("Signature generated successfully.");
      return res.body.result.data.signature as string;
    };
    const first = await sign(a, [decision]);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await sign(a, [decision])).toBe(first);
    expect(await sign(a, [{ ...decision, hasAccess: false }])).not.toBe(first);
    expect(await sign(a, [{ ...decision, expiresAt: 1759745729824 }])).not.toBe(first);
    expect(await sign(b, [decision])).not.toBe(first);
    const bad = await a("/v2/auth/generate_signature", { permissions: [{ ...decision, type: "page" }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^permissions\[0\]\.type /);
  });
});
