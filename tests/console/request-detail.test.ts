import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDACTED } from "@/lib/domain/usage/redact-secrets";
import { db } from "@/lib/infra/db";
import { flushRequestLog } from "@/lib/domain/usage/request-log-writer";
import { startRequestLog, stopRequestLog } from "@/lib/server/observers";
import { apiKeyHeaders, asKey, call, newWorkspace, useTestDatabase } from "../helpers/api";
import { consoleAs, owner, refusal } from "../helpers/console";

// The request log a developer debugs with: every call of a key, refused ones with their reason, each openable
// with its headers and bodies, and no secret in any of it.

useTestDatabase();
beforeAll(() => startRequestLog());
afterAll(() => stopRequestLog());

async function logOf(w: Awaited<ReturnType<typeof newWorkspace>>, data: Record<string, unknown> = {}) {
  await flushRequestLog();
  const console = consoleAs(owner(w.email));
  return (await console.usage.requests({ workspaceId: w.workspace.id, apiKeyId: w.apiKey, data })).requests;
}

const detailOf = (w: Awaited<ReturnType<typeof newWorkspace>>, id: string) =>
  consoleAs(owner(w.email)).usage.request({ workspaceId: w.workspace.id, apiKeyId: w.apiKey, data: { id } });

describe("refused calls", () => {
  it("tell a wrong token from an unknown key, with the same status, and log the wrong token to its key", async () => {
    const w = await newWorkspace();
    const wrong = await call(
      "/v2/users/get",
      { organizationId: "o" },
      { headers: { ...apiKeyHeaders(w.apiKey, "not-the-token"), "x-request-id": "wrong-token-1" } },
    );
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ error: { status: "PERMISSION_DENIED", message: "Invalid auth token for API key." } });
    const unknown = await call(
      "/v2/users/get",
      { organizationId: "o" },
      { headers: { ...apiKeyHeaders("key_does_not_exist", w.apiKeyToken), "x-request-id": "unknown-key-1" } },
    );
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual({ error: { status: "PERMISSION_DENIED", message: "Invalid API key." } });

    const [row] = await logOf(w);
    expect(row).toMatchObject({
      requestId: "wrong-token-1",
      operation: "/v2/users/get",
      httpStatus: 403,
      errorStatus: "PERMISSION_DENIED",
      errorMessage: "Invalid auth token for API key.",
    });
    // The unknown key's call is nobody's to see but the operator's: kept unattributed, with the id it sent.
    const unattributed = await db().apiRequestLog.findFirst({ where: { requestId: "unknown-key-1" } });
    expect(unattributed).toMatchObject({ apiKeyId: null, claimedApiKey: "key_does_not_exist", httpStatus: 403 });
  });

  it("log an unknown path, a body that is not JSON and invalid input to the key, with the reason and field", async () => {
    const w = await newWorkspace();
    await call("/v2/users/nope", {}, { headers: { ...w.key, "x-request-id": "unknown-path" } });
    await call("/v2/users/get", undefined, { headers: { ...w.key, "x-request-id": "not-json" }, raw: "{oops" });
    await call("/v2/users/get", { organizationId: 7 }, { headers: { ...w.key, "x-request-id": "bad-field" } });
    const rows = await logOf(w);
    expect(rows.map((r) => [r.requestId, r.operation, r.url, r.httpStatus, r.errorMessage, r.errorField])).toEqual([
      ["bad-field", "/v2/users/get", "/v2/users/get", 400, "organizationId must be a string.", "organizationId"],
      ["not-json", "/v2/users/get", "/v2/users/get", 400, "Request body is not valid JSON.", null],
      ["unknown-path", "unknown", "/v2/users/nope", 404, "Unknown endpoint: /v2/users/nope.", null],
    ]);
  });
});

describe("a call's detail", () => {
  it("shows time to the millisecond, headers and bodies, and filters by request id and time range", async () => {
    const w = await newWorkspace();
    const before = new Date();
    await call(
      "/v2/organizations/add",
      { organizations: [{ organizationId: "org-1", organizationName: "One" }] },
      {
        headers: { ...w.key, "x-request-id": "detail-1", "user-agent": "weft-test/1" },
      },
    );
    const [row] = await logOf(w, { requestId: "detail" });
    expect(row.requestId).toBe("detail-1");
    expect(row.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const detail = await detailOf(w, row.id);
    expect(detail).toMatchObject({ method: "POST", url: "/v2/organizations/add", httpStatus: 200 });
    expect(detail.requestHeaders).toContainEqual(["user-agent", "weft-test/1"]);
    expect(detail.requestHeaders).toContainEqual(["x-service-api-key", w.apiKey]);
    expect(detail.requestHeaders).toContainEqual(["x-service-auth-token", REDACTED]);
    expect(JSON.parse(detail.requestBody!)).toEqual({
      data: { organizations: [{ organizationId: "org-1", organizationName: "One" }] },
    });
    expect(JSON.parse(detail.responseBody!).result.status).toBe("success");
    expect(detail.responseHeaders).toContainEqual(["x-request-id", "detail-1"]);

    expect(await logOf(w, { requestId: "nothing-like-it" })).toEqual([]);
    expect(await logOf(w, { since: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    expect((await logOf(w, { since: before.toISOString() })).map((r) => r.requestId)).toContain("detail-1");
    expect(await logOf(w, { until: before.toISOString() })).not.toContainEqual(
      expect.objectContaining({ requestId: "detail-1" }),
    );
  });

  it("is the key's own: another owner's console cannot open it", async () => {
    const w = await newWorkspace();
    const other = await newWorkspace();
    await call("/v2/users/get", { organizationId: "o" }, { headers: w.key });
    const [row] = await logOf(w);
    const theirs = consoleAs(owner(other.email)).usage.request({
      workspaceId: other.workspace.id,
      apiKeyId: other.apiKey,
      data: { id: row.id },
    });
    expect((await refusal(theirs)).status).toBe("NOT_FOUND");
  });

  it("never keeps a secret: tokens, provider keys, webhook secrets, user JWTs", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    const secrets = {
      sendgrid: "SG.secret-sendgrid-key-0123456789",
      openai: "sk-secret-openai-key-abcdefghijklmnop",
      simpleWebhook: "simple-webhook-token-0123456789",
      provider: "permission-provider-token-0123456789",
    };
    await api("/v2/workspace/emailconfig/update", {
      useEmailService: true,
      emailServiceConfig: { type: "sendgrid", apiKey: secrets.sendgrid, fromEmail: "noreply@example.com" },
    });
    await api("/v2/workspace/apikeyconfig/update", {
      aiModelApiKey: [{ provider: "openai", customerApiKey: secrets.openai }],
    });
    await api("/v2/workspace/webhookconfig/update", {
      useWebhookService: true,
      webhookServiceConfig: { authToken: secrets.simpleWebhook, rawNotificationUrl: "https://example.com/raw" },
    });
    await api("/v2/workspace/permissionproviderconfig/update", {
      usePermissionProvider: true,
      permissionProviderConfig: { permissionProviderUrl: "https://example.com/p", authToken: secrets.provider },
    });
    const permissionsAndJwt = await api("/v2/workspace/permissionproviderconfig/get", {});
    expect(permissionsAndJwt.body.result.data.permissionProviderConfig.authToken).toBe(secrets.provider);
    const jwt = (
      await api("/v2/auth/generate_token", {
        userId: "u1",
        userProperties: { name: "User One", email: "u1@example.com" },
        permissions: { resources: [{ type: "organization", id: "o1" }] },
      })
    ).body.result.data.token as string;
    await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true });
    const endpoint = await api("/v2/workspace/advancedwebhook/endpoints/create", { url: "https://example.com/hook" });
    const secret = await api("/v2/workspace/advancedwebhook/endpoints/secret/get", {
      endpointId: endpoint.body.result.data.id,
    });
    const whsec = secret.body.result.data.secret as string;
    expect(whsec).toMatch(/^whsec_/);
    expect(jwt.split(".")).toHaveLength(3);
    // A wrong token is a secret too (a typo of the real one, or another key's).
    await call("/v2/users/get", { organizationId: "o" }, { headers: apiKeyHeaders(w.apiKey, "mistyped-token-123") });

    const rows = await logOf(w, { limit: 200 });
    expect(rows.length).toBeGreaterThanOrEqual(9);
    const shown = JSON.stringify(await Promise.all(rows.map((r) => detailOf(w, r.id))));
    const stored = await db().$queryRaw<{ row: string }[]>`
      SELECT row_to_json(l)::text AS "row" FROM "ApiRequestLog" l WHERE "apiKeyId" = ${w.apiKey}`;
    const everything = shown + stored.map((r) => r.row).join("\n");
    for (const value of [...Object.values(secrets), jwt, whsec, w.apiKeyToken, "mistyped-token-123"]) {
      expect(everything, `the log shows ${value}`).not.toContain(value);
    }
    expect(everything).toContain(REDACTED);
    // What is not secret stays readable.
    expect(everything).toContain("noreply@example.com");
    expect(everything).toContain(w.apiKey);
  });
});
