import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "@/lib/api/json-limits";
import { db } from "@/lib/infra/db";
import { asKey, call, newWorkspace, useTestDatabase } from "../helpers/api";

// Hostile but well-formed input: every case gets a 4xx envelope naming the problem, and nothing is written.

useTestDatabase();

async function usersOf(api: ReturnType<typeof asKey>, organizationId: string) {
  const res = await api("/v2/users/get", { organizationId });
  return res.status === 200 ? res.body.result.data : [];
}

describe("abuse", () => {
  it("refuses NUL characters in any string, naming the field, and writes nothing", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    const cases = [
      {
        data: { organizationId: "org\u0000x", createOrganization: true, users: [{ userId: "u1" }] },
        field: "organizationId",
      },
      {
        data: { organizationId: "org", createOrganization: true, users: [{ userId: "u1", name: "Ada\u0000" }] },
        field: "users[0].name",
      },
      {
        data: {
          organizationId: "org",
          createOrganization: true,
          users: [{ userId: "u1", name: "Ada" }, { userId: "u2\u0000" }],
        },
        field: "users[1].userId",
      },
    ];
    for (const { data, field } of cases) {
      const res = await api("/v2/users/add", data);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: { status: "INVALID_ARGUMENT", message: `${field} must not contain NUL (\\u0000) characters.` },
      });
    }
    const keyed = await api("/v2/users/add", {
      organizationId: "org",
      createOrganization: true,
      users: [{ userId: "u1", "na\u0000me": "x" }],
    });
    expect(keyed.status).toBe(400);
    expect(keyed.body.error.message).toBe("users[0] has a field name with a NUL (\\u0000) character.");
    expect(await db().organization.count({ where: { apiKeyId: w.apiKey } })).toBe(0);
  });

  it(`refuses bodies nested more than ${MAX_JSON_DEPTH} levels deep`, async () => {
    const w = await newWorkspace();
    const deep = `${'{"d":'.repeat(10_000)}"bottom"${"}".repeat(10_000)}`;
    const raw = `{"data":{"organizationId":"org","createOrganization":true,"users":[{"userId":"u1","context":${deep}}]}}`;
    const res = await call("/v2/users/add", undefined, { raw, headers: w.key });
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe("INVALID_ARGUMENT");
    expect(res.body.error.message).toMatch(
      /^Request body is nested more than 32 levels deep at users\[0\]\.context(\.d)+\.$/,
    );
    const arrays = await call("/v2/workspace/create", undefined, {
      raw: `{"data":{"ownerEmail":"a@example.com","x":${"[".repeat(50_000)}${"]".repeat(50_000)}}}`,
    });
    expect(arrays.status).toBe(400);
    expect(arrays.body.error.status).toBe("INVALID_ARGUMENT");
    expect(await db().organization.count({ where: { apiKeyId: w.apiKey } })).toBe(0);
  });

  it("answers 10,000 ids in an array with the field's limit", async () => {
    const api = asKey(await newWorkspace());
    const ids = Array.from({ length: 10_000 }, (_, i) => `user-${i}`);
    const get = await api("/v2/users/get", { organizationId: "org", userIds: ids });
    expect(get.status).toBe(400);
    expect(get.body.error.message).toBe("userIds must contain at most 30 items.");
    const add = await api("/v2/users/add", {
      organizationId: "org",
      createOrganization: true,
      users: ids.map((userId) => ({ userId })),
    });
    expect(add.status).toBe(400);
    expect(add.body.error.message).toBe("users must contain at most 1000 items.");
    const del = await api("/v2/organizations/documents/delete", { organizationId: "org", documentIds: ids });
    expect(del.status).toBe(400);
    expect(del.body.error.status).toBe("INVALID_ARGUMENT");
    expect(await usersOf(api, "org")).toEqual([]);
  });

  it("stores unicode and SQL-looking strings exactly as sent, and they stay data", async () => {
    const api = asKey(await newWorkspace());
    const strange = [
      `'; DROP TABLE "OrganizationUser"; --`,
      `" OR 1=1 --`,
      "Robert'); DELETE FROM \"Workspace\" WHERE ('1'='1",
      "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧 ١٢٣ עברית e\u0301",
      "\u202Eevil\u202C \uFEFF zero\u200Bwidth",
    ];
    const users = strange.map((s, i) => ({ userId: s, name: s, email: `u${i}@example.com` }));
    const add = await api("/v2/users/add", { organizationId: strange[0], createOrganization: true, users });
    expect(add.status).toBe(200);
    const stored = await usersOf(api, strange[0]);
    expect(stored.map((u: { userId: string; name: string }) => [u.userId, u.name]).sort()).toEqual(
      strange.map((s) => [s, s]).sort(),
    );
    const one = await api("/v2/users/get", { organizationId: strange[0], userIds: [strange[1]] });
    expect(one.body.result.data).toHaveLength(1);
    expect(await db().workspace.count()).toBeGreaterThan(0);
  });

  it("answers page tokens holding positions out of range with INVALID_ARGUMENT naming the field", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/users/add", { organizationId: "org", createOrganization: true, users: [{ userId: "u1" }] });
    const token = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    for (const pageToken of [token([1e20, "x"]), token([-1e300, "x"]), token([1.5, "x"])]) {
      const users = await api("/v2/users/get", { organizationId: "org", pageToken });
      expect(users.status).toBe(400);
      expect(users.body.error).toEqual({
        status: "INVALID_ARGUMENT",
        message: "pageToken is invalid; pass back the token of the previous page unchanged.",
      });
    }
    const data = await api("/v2/users/data/get", {
      organizationId: "org",
      userId: "u1",
      pageToken: token({ comments: [1e20, "x"] }),
    });
    expect(data.status).toBe(400);
    expect(data.body.error.message).toBe("pageToken is invalid; pass back the token of the previous page unchanged.");
    await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true });
    const endpoints = await api("/v2/workspace/advancedwebhook/endpoints/get", {
      iterator: token([1e20, "x", "next"]),
    });
    expect(endpoints.status).toBe(400);
    expect(endpoints.body.error.message).toBe(
      "iterator is invalid; pass back an iterator or prevIterator of the previous page unchanged.",
    );
  });

  it("refuses a lone surrogate in any string or field name, naming the field, and writes nothing", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    const cases = [
      {
        data: { organizationId: "org\ud800", createOrganization: true, users: [{ userId: "u1" }] },
        field: "organizationId",
      },
      {
        data: {
          organizationId: "org",
          createOrganization: true,
          users: [{ userId: "u1", context: { a: ["x\udc00y"] } }],
        },
        field: "users[0].context.a[0]",
      },
    ];
    for (const { data, field } of cases) {
      const res = await api("/v2/users/add", data);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        status: "INVALID_ARGUMENT",
        message: `${field} must not contain unpaired surrogate characters.`,
      });
    }
    const keyed = await api("/v2/users/add", {
      organizationId: "org",
      createOrganization: true,
      users: [{ userId: "u1", context: { "k\ud800": 1 } }],
    });
    expect(keyed.status).toBe(400);
    expect(keyed.body.error.message).toBe("users[0].context has a field name with an unpaired surrogate character.");
    const paired = await api("/v2/users/add", {
      organizationId: "org",
      createOrganization: true,
      users: [{ userId: "👩\ud83d\udc69" }],
    });
    expect(paired.status).toBe(200);
    expect(await db().organizationUser.count({ where: { apiKeyId: w.apiKey } })).toBe(1);
  });

  it("keeps __proto__ and constructor ids in batch replies and grouped lists", async () => {
    const api = asKey(await newWorkspace());
    const docs = await api("/v2/organizations/documents/add", {
      organizationId: "org",
      createOrganization: true,
      documents: [{ documentId: "__proto__" }, { documentId: "constructor" }, { documentId: "toString" }],
    });
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.result.data)).toEqual(["__proto__", "constructor", "toString"]);
    expect(Object.getOwnPropertyDescriptor(docs.body.result.data, "__proto__")?.value.success).toBe(true);
    const users = await api("/v2/users/add", {
      organizationId: "org",
      documentId: "__proto__",
      users: [{ userId: "__proto__" }, { userId: "a" }],
    });
    expect(users.status).toBe(200);
    expect(Object.keys(users.body.result.data)).toEqual(["__proto__", "a"]);
    await api("/v2/users/add", { organizationId: "org", documentId: "constructor", users: [{ userId: "b" }] });
    const grouped = await api("/v2/users/get", { organizationId: "org", allDocuments: true, groupByDocumentId: true });
    expect(grouped.status).toBe(200);
    const data = grouped.body.result.data;
    expect(Object.keys(data).sort()).toEqual(["__proto__", "constructor"]);
    const own = (k: string) => Object.getOwnPropertyDescriptor(data, k)?.value as { userId: string }[];
    expect(
      own("__proto__")
        .map((u) => u.userId)
        .sort(),
    ).toEqual(["__proto__", "a"]);
    expect(own("constructor").map((u) => u.userId)).toEqual(["b"]);
  });
});
