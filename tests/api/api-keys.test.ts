import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { apiKeyHeaders, call, newWorkspace, useTestDatabase } from "../helpers/api";

useTestDatabase();

describe("Create API Key", () => {
  it("creates a testing key with a token, domains and a default name", async () => {
    const w = await newWorkspace();
    const res = await call(
      "/v2/workspace/apikey/create",
      {
        ownerEmail: "dev@example.com",
        type: "testing",
        createAuthToken: true,
        allowedDomains: ["https://www.app.example.com/x"],
        addLocalHostToAllowedDomains: true,
      },
      { headers: w.ws },
    );
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "API key created successfully.",
        data: { apiKey: expect.stringMatching(/^key_/) },
      },
    });
    const apiKey = res.body.result.data.apiKey;
    const tokens = (await call("/v2/workspace/authtokens/get", { apiKey }, { headers: w.ws })).body.result.data;
    expect(tokens.authTokens).toEqual([{ token: expect.any(String), name: "Default Auth Token", domains: [] }]);
    const domains = await call(
      "/v2/workspace/domains/get",
      {},
      { headers: apiKeyHeaders(apiKey, tokens.authTokens[0].token) },
    );
    expect(domains.body.result.data).toEqual({ allowedDomains: ["app.example.com", "localhost", "127.0.0.1"] });
    const keys = (await call("/v2/workspace/apikeys/get", {}, { headers: w.ws })).body.result.data;
    expect(keys).toContainEqual({ id: apiKey, apiKeyName: "Dev Test API Key", type: "testing" });
  });

  it("creates no token unless asked, and Reset Auth Token then issues one", async () => {
    const w = await newWorkspace();
    const apiKey = (
      await call("/v2/workspace/apikey/create", { ownerEmail: "x@example.com", type: "testing" }, { headers: w.ws })
    ).body.result.data.apiKey;
    expect(
      (await call("/v2/workspace/authtokens/get", { apiKey }, { headers: w.ws })).body.result.data.authTokens,
    ).toEqual([]);
    const reset = await call("/v2/workspace/authtoken/reset", { apiKey }, { headers: w.ws });
    expect(reset.body.result.data.newAuthToken.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers 'ownerEmail is required.' and validates type and regions", async () => {
    const w = await newWorkspace();
    const cases: [object, string][] = [
      [{ type: "testing" }, "ownerEmail is required."],
      [{ ownerEmail: "nope", type: "testing" }, "ownerEmail must be a valid email address."],
      [{ ownerEmail: "a@example.com" }, "type is required."],
      [{ ownerEmail: "a@example.com", type: "staging" }, "type must be one of: testing, production."],
      [
        { ownerEmail: "a@example.com", type: "production", persistenceDBRegion: "" },
        "persistenceDBRegion must be one of: us-central1, us-east1, europe-west1, asia-south1, nam5, eur3.",
      ],
      [
        { ownerEmail: "a@example.com", type: "production", realtimeDBRegion: "mars-1" },
        "realtimeDBRegion must be one of: us-central1, us-east1, europe-west1, asia-south1, nam5, eur3.",
      ],
      [
        { ownerEmail: "a@example.com", type: "testing", allowedDomains: ["not a domain"] },
        "allowedDomains[0] is not a valid domain.",
      ],
    ];
    for (const [data, message] of cases) {
      const res = await call("/v2/workspace/apikey/create", data, { headers: w.ws });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { status: "INVALID_ARGUMENT", message } });
    }
    expect(await db().apiKey.count({ where: { workspaceId: w.workspace.id } })).toBe(1);
  });

  it("gates production keys on the self-serve flag, then the paid plan, then the per-workspace maximum", async () => {
    const w = await newWorkspace();
    const prod = {
      ownerEmail: "owner@example.com",
      type: "production",
      apiKeyName: "EU Production Key",
      persistenceDBRegion: "eur3",
      realtimeDBRegion: "europe-west1",
      createAuthToken: true,
    };
    const notEnabled = await call("/v2/workspace/apikey/create", prod, { headers: w.ws });
    expect(notEnabled.status).toBe(403);
    expect(notEnabled.body.error.status).toBe("PERMISSION_DENIED");
    await db().workspace.update({ where: { id: w.workspace.id }, data: { productionKeysEnabled: true } });
    const notPaid = await call("/v2/workspace/apikey/create", prod, { headers: w.ws });
    expect(notPaid.status).toBe(400);
    expect(notPaid.body.error.status).toBe("FAILED_PRECONDITION");
    await db().workspace.update({ where: { id: w.workspace.id }, data: { plan: "paid" } });
    const ok = await call("/v2/workspace/apikey/create", prod, { headers: w.ws });
    expect(ok.status).toBe(200);
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: ok.body.result.data.apiKey } });
    expect(row).toMatchObject({
      type: "production",
      name: "EU Production Key",
      persistenceDBRegion: "eur3",
      realtimeDBRegion: "europe-west1",
    });
    const defaultRegion = await call(
      "/v2/workspace/apikey/create",
      { ownerEmail: "owner@example.com", type: "production" },
      { headers: w.ws },
    );
    const row2 = await db().apiKey.findUniqueOrThrow({ where: { id: defaultRegion.body.result.data.apiKey } });
    expect(row2).toMatchObject({ persistenceDBRegion: "nam5", name: "Owner Production API Key" });
    for (let i = 0; i < 3; i++)
      expect((await call("/v2/workspace/apikey/create", prod, { headers: w.ws })).status).toBe(200);
    const over = await call("/v2/workspace/apikey/create", prod, { headers: w.ws });
    expect(over.status).toBe(429);
    expect(over.body.error.status).toBe("RESOURCE_EXHAUSTED");
  });

  it("stores a SendGrid key given at creation encrypted, never in clear", async () => {
    const w = await newWorkspace();
    const secret = "SG.very-secret-sendgrid-key";
    const res = await call(
      "/v2/workspace/apikey/create",
      {
        ownerEmail: "a@example.com",
        type: "testing",
        useEmailService: true,
        emailServiceConfig: { type: "sendgrid", apiKey: secret, fromEmail: "noreply@example.com" },
      },
      { headers: w.ws },
    );
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: res.body.result.data.apiKey } });
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.serviceConfig).toMatchObject({
      useEmailService: true,
      emailServiceConfig: { type: "sendgrid", fromEmail: "noreply@example.com" },
    });
  });

  it("refuses invalid workspace credentials with PERMISSION_DENIED", async () => {
    const w = await newWorkspace();
    const res = await call(
      "/v2/workspace/apikey/create",
      { ownerEmail: "a@example.com", type: "testing" },
      {
        headers: { "x-velt-workspace-id": w.workspace.id, "x-velt-workspace-auth-token": "wrong" },
      },
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { status: "PERMISSION_DENIED", message: "Invalid workspace credentials." } });
  });
});

describe("Reset Auth Token and Get Auth Tokens", () => {
  it("replaces the token: the old one stops working at once, the new one works", async () => {
    const w = await newWorkspace();
    const before = await call("/v2/workspace/domains/get", {}, { headers: w.key });
    expect(before.status).toBe(200);
    const reset = await call("/v2/workspace/authtoken/reset", { apiKey: w.apiKey }, { headers: w.ws });
    expect(reset.body).toEqual({
      result: {
        status: "success",
        message: "Auth token reset successfully.",
        data: {
          apiKey: w.apiKey,
          newAuthToken: { token: expect.stringMatching(/^[0-9a-f]{64}$/), name: "Default Auth Token", domains: [] },
        },
      },
    });
    const token = reset.body.result.data.newAuthToken.token;
    expect(token).not.toBe(w.apiKeyToken);
    expect((await call("/v2/workspace/domains/get", {}, { headers: w.key })).body.error.status).toBe(
      "PERMISSION_DENIED",
    );
    expect(
      (await call("/v2/workspace/domains/get", {}, { headers: apiKeyHeaders(w.apiKey, token, "velt") })).status,
    ).toBe(200);
    const got = await call("/v2/workspace/authtokens/get", { apiKey: w.apiKey }, { headers: w.ws });
    expect(got.body).toEqual({
      result: {
        status: "success",
        message: "Auth tokens retrieved successfully.",
        data: { apiKey: w.apiKey, authTokens: [{ token, name: "Default Auth Token", domains: [] }] },
      },
    });
  });

  it("answers NOT_FOUND 'API key not found.' for unknown keys and for another workspace's key", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    for (const path of ["/v2/workspace/authtoken/reset", "/v2/workspace/authtokens/get"]) {
      for (const apiKey of ["key_unknown", b.apiKey]) {
        const res = await call(path, { apiKey }, { headers: a.ws });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: { status: "NOT_FOUND", message: "API key not found." } });
      }
    }
    // b's key still has its original token.
    expect((await call("/v2/workspace/domains/get", {}, { headers: b.key })).status).toBe(200);
  });
});

describe("Get API Keys and Update API Key", () => {
  it("pages with an opaque token, filters by id, and renames only keys of the workspace", async () => {
    const w = await newWorkspace();
    const created: string[] = [w.apiKey];
    for (let i = 0; i < 4; i++) {
      created.push(
        (
          await call(
            "/v2/workspace/apikey/create",
            { ownerEmail: `k${i}@example.com`, type: "testing" },
            { headers: w.ws },
          )
        ).body.result.data.apiKey,
      );
    }
    const first = await call("/v2/workspace/apikeys/get", { pageSize: 2 }, { headers: w.ws });
    expect(first.body.result.message).toBe("API keys retrieved successfully.");
    expect(first.body.result.data.map((k: { id: string }) => k.id)).toEqual(created.slice(0, 2));
    const second = await call(
      "/v2/workspace/apikeys/get",
      { pageSize: 2, pageToken: first.body.result.nextPageToken },
      { headers: w.ws },
    );
    const third = await call(
      "/v2/workspace/apikeys/get",
      { pageSize: 2, pageToken: second.body.result.nextPageToken },
      { headers: w.ws },
    );
    expect([...second.body.result.data, ...third.body.result.data].map((k: { id: string }) => k.id)).toEqual(
      created.slice(2),
    );
    expect(third.body.result).not.toHaveProperty("nextPageToken");
    const filtered = await call("/v2/workspace/apikeys/get", { apiKeys: [created[3]] }, { headers: w.ws });
    expect(filtered.body.result.data).toEqual([{ id: created[3], apiKeyName: "K2 Test API Key", type: "testing" }]);
    const bad = await call("/v2/workspace/apikeys/get", { pageToken: "garbage" }, { headers: w.ws });
    expect(bad.body.error.status).toBe("INVALID_ARGUMENT");

    const renamed = await call(
      "/v2/workspace/apikey/update",
      { apiKey: created[1], apiKeyName: "Updated Production Key" },
      { headers: w.ws },
    );
    expect(renamed.body).toEqual({
      result: { status: "success", message: "API key updated successfully.", data: null },
    });
    const other = await newWorkspace();
    const foreign = await call(
      "/v2/workspace/apikey/update",
      { apiKey: created[1], apiKeyName: "hijack" },
      { headers: other.ws },
    );
    expect(foreign.body).toEqual({ error: { status: "NOT_FOUND", message: "API key not found." } });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: created[1] } })).name).toBe("Updated Production Key");
  });
});
