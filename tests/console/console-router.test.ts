import { z } from "zod";
import { describe, expect, it } from "vitest";
import type { Endpoint } from "@/lib/api/define-endpoint";
import { endpoints } from "@/lib/api/registry";
import { SIGNED_OUT } from "@/lib/console/router/errors";
import { operationSegments } from "@/lib/console/router/operations";
import { db } from "@/lib/infra/db";
import { asKey, newWorkspace, rowCounts, uniqueEmail, useTestDatabase } from "../helpers/api";
import { consoleAs, httpCall, operator, owner, procedureAt, refusal } from "../helpers/console";

// The console's router (lib/console/router): the REST operations as procedures derived from the registry and the
// console's own beside them. One middleware resolves the session's workspace or key (owners see their own,
// operators all), inputs are parsed with the REST wording and name their field, a refused call writes nothing.
// Run through the server caller and the HTTP handler against a real database.

useTestDatabase();

const owned = (endpoints as unknown as readonly Endpoint[]).filter((e) => e.auth !== "public");
const dotted = (e: Endpoint) => operationSegments(e.path).join(".");
const keyName = async (id: string) => (await db().apiKey.findUniqueOrThrow({ where: { id } })).name;

describe("every procedure derived from the registry", () => {
  it("refuses another owner's workspace, and a key of another workspace, as not found, writing nothing", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const asB = consoleAs(owner(b.email));
    const before = await rowCounts();
    for (const e of owned) {
      const call = procedureAt(asB, dotted(e));
      // B names A's workspace (and key): not found, like a workspace that does not exist.
      const foreign = await refusal(call({ workspaceId: a.workspace.id, apiKeyId: a.apiKey, data: {} }));
      expect(foreign, e.path).toEqual({
        status: "NOT_FOUND",
        message: e.auth === "apiKey" ? "API key not found." : "Workspace not found.",
      });
      if (e.auth === "apiKey") {
        // B's own workspace with A's key: the key is not found in it.
        const mixed = await refusal(call({ workspaceId: b.workspace.id, apiKeyId: a.apiKey, data: {} }));
        expect(mixed, e.path).toEqual({ status: "NOT_FOUND", message: "API key not found." });
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a wrong value naming its field (the REST API's words), writing nothing", async () => {
    const a = await newWorkspace();
    const asA = consoleAs(owner(a.email));
    const before = await rowCounts();
    for (const e of owned) {
      const schema = z.toJSONSchema(e.input, { io: "input", unrepresentable: "any" }) as {
        properties?: Record<string, { type?: string }>;
      };
      const [name, prop] = Object.entries(schema.properties ?? {}).find(([, p]) => p.type === "string") ?? [];
      if (!name || !prop) continue;
      const r = await refusal(
        procedureAt(
          asA,
          dotted(e),
        )({
          workspaceId: a.workspace.id,
          ...(e.auth === "apiKey" && { apiKeyId: a.apiKey }),
          data: { [name]: 12345 },
        }),
      );
      // The first problem is named (another required field may come first), as the REST reply words it.
      expect(r.status, e.path).toBe("INVALID_ARGUMENT");
      expect(r.field, `${e.path}: ${r.message}`).toEqual(expect.any(String));
      if (e.invalidInputMessage) expect(r.message, e.path).toBe(e.invalidInputMessage);
      else expect(r.message.startsWith(`${r.field} `), `${e.path}: ${r.message}`).toBe(true);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("runs for the owner and the operator exactly as the REST call does", async () => {
    const a = await newWorkspace();
    const rename = (viewer = owner(a.email), apiKeyName: string) =>
      consoleAs(viewer).v2.workspace.apikey.update({
        workspaceId: a.workspace.id,
        data: { apiKey: a.apiKey, apiKeyName },
      });
    await expect(rename(owner(a.email), "Mine")).resolves.toBeNull();
    expect(await keyName(a.apiKey)).toBe("Mine");
    await rename(operator, "Ops");
    expect(await keyName(a.apiKey)).toBe("Ops");
    // A REST reply keyed by client ids arrives as plain JSON.
    const domains = await consoleAs(owner(a.email)).v2.workspace.domains.add({
      workspaceId: a.workspace.id,
      apiKeyId: a.apiKey,
      data: { domains: ["app.example.com"] },
    });
    expect(domains).toEqual({ domainsAdded: ["app.example.com"], skippedDomains: [] });
  });

  it("answers a page the database built as JSON text with the REST reply's items", async () => {
    const a = await newWorkspace();
    const api = asKey(a);
    const users = [
      { userId: "ada", name: "Ada", email: "ada@example.com" },
      { userId: "bob", name: "Bob" },
    ];
    await api("/v2/users/add", { organizationId: "o", createOrganization: true, users });
    const documents = [{ documentId: "d1", documentName: "One" }];
    await api("/v2/organizations/documents/add", { organizationId: "o", documents });
    const target = { workspaceId: a.workspace.id, apiKeyId: a.apiKey };
    const asA = consoleAs(owner(a.email));
    const rest = await api("/v2/users/get", { organizationId: "o" });
    const page = await asA.v2.users.get({ ...target, data: { organizationId: "o" } });
    expect(page.users).toEqual(rest.body.result.data);
    expect((page.users as { userId: string }[]).map((u) => u.userId).sort()).toEqual(["ada", "bob"]);
    const docs = await asA.v2.organizations.documents.get({ ...target, data: { organizationId: "o" } });
    expect(docs.documents).toEqual(
      (await api("/v2/organizations/documents/get", { organizationId: "o" })).body.result.data,
    );
  });
});

describe("the console's router over HTTP", () => {
  it("answers a refusal with the domain message, its status and the field", async () => {
    const a = await newWorkspace();
    const bad = await httpCall(
      owner(a.email),
      "v2.workspace.apikey.update",
      { workspaceId: a.workspace.id, data: { apiKey: a.apiKey, apiKeyName: "" } },
      "POST",
    );
    // A refusal is an answer (HTTP 200), its status in the body: the browser logs no failed load for it.
    expect(bad.status).toBe(200);
    expect(bad.body.error).toMatchObject({
      message: "apiKeyName must not be empty.",
      data: { code: "BAD_REQUEST", httpStatus: 400, status: "INVALID_ARGUMENT", field: "apiKeyName" },
    });
    expect(bad.body.error!.data).not.toHaveProperty("stack");

    const nested = await httpCall(
      owner(a.email),
      "v2.workspace.apikeyconfig.update",
      {
        workspaceId: a.workspace.id,
        apiKeyId: a.apiKey,
        data: { aiModelApiKey: [{ provider: "openai", customerApiKey: "" }] },
      },
      "POST",
    );
    expect(nested.body.error).toMatchObject({ data: { field: "aiModelApiKey[0].customerApiKey" } });

    const domain = await httpCall(
      owner(a.email),
      "v2.workspace.apikeyconfig.update",
      { workspaceId: a.workspace.id, apiKeyId: a.apiKey, data: {} },
      "POST",
    );
    expect(domain.body.error).toMatchObject({ message: "At least one field must be provided for update" });

    const missing = await httpCall(owner(a.email), "v2.workspace.get", { workspaceId: "ws_nope", data: {} }, "GET");
    expect(missing.body.error).toMatchObject({
      message: "Workspace not found.",
      data: { httpStatus: 404, status: "NOT_FOUND" },
    });

    const signedOut = await httpCall(null, "v2.workspace.get", { workspaceId: a.workspace.id, data: {} }, "GET");
    expect(signedOut.body.error).toMatchObject({
      message: SIGNED_OUT,
      data: { httpStatus: 401, status: "UNAUTHENTICATED" },
    });

    // Public REST operations are not the console's: it has its own procedures with the console's rules.
    const create = await httpCall(owner(a.email), "v2.workspace.create", { data: { ownerEmail: a.email } }, "POST");
    expect(create.body.error).toMatchObject({ data: { httpStatus: 404, status: "NOT_FOUND" } });
  });

  it("refuses a request from another site, or a mutation a form could send, before running anything", async () => {
    const a = await newWorkspace();
    const before = await keyName(a.apiKey);
    const rename = { workspaceId: a.workspace.id, data: { apiKey: a.apiKey, apiKeyName: "Taken over" } };
    const attempts: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site", "content-type": "application/json" },
      { "sec-fetch-site": "same-site", "content-type": "application/json" },
      { origin: "https://evil.example", "content-type": "application/json" },
      { "content-type": "application/json" }, // neither header: not the browser's own page
      { "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      { "sec-fetch-site": "same-origin", "content-type": "text/plain" },
    ];
    for (const headers of attempts) {
      const r = await httpCall(owner(a.email), "v2.workspace.apikey.update", rename, "POST", headers);
      expect(r.status, JSON.stringify(headers)).toBe(403);
    }
    const read = await httpCall(owner(a.email), "v2.workspace.get", { workspaceId: a.workspace.id, data: {} }, "GET", {
      "sec-fetch-site": "cross-site",
    });
    expect(read.status).toBe(403);
    expect(await keyName(a.apiKey)).toBe(before);
    // The console's own page (or a same-origin request without Fetch Metadata) goes through.
    const ok = await httpCall(owner(a.email), "v2.workspace.apikey.update", rename, "POST", {
      origin: "http://localhost",
      host: "localhost",
      "content-type": "application/json",
    });
    expect(ok.body).toMatchObject({ result: { data: null } });
    expect(await keyName(a.apiKey)).toBe("Taken over");
  });
});

describe("the console's own procedures", () => {
  it("keep plan and production keys to the operator", async () => {
    const a = await newWorkspace();
    const data = { workspaceId: a.workspace.id, plan: "paid" as const, productionKeysEnabled: true };
    expect(await refusal(consoleAs(owner(a.email)).workspaces.updateSettings({ data }))).toEqual({
      status: "PERMISSION_DENIED",
      message: "Only an operator can change this setting.",
    });
    expect((await db().workspace.findUniqueOrThrow({ where: { id: a.workspace.id } })).plan).toBe("free");
    await expect(consoleAs(operator).workspaces.updateSettings({ data })).resolves.toMatchObject({
      plan: "paid",
      productionKeysEnabled: true,
    });
  });

  it("let owners create workspaces for their own address only, by the REST rules", async () => {
    const mine = uniqueEmail("creator");
    await newWorkspace(mine);
    const asMe = consoleAs(owner(mine));
    expect(await refusal(asMe.workspaces.create({ data: { ownerEmail: uniqueEmail("other") } }))).toEqual({
      status: "PERMISSION_DENIED",
      message: "You can create workspaces only for your own email address.",
    });
    expect(await refusal(asMe.workspaces.create({ data: { ownerEmail: "nope" } }))).toEqual({
      status: "INVALID_ARGUMENT",
      message: "ownerEmail must be a valid email address.",
      field: "ownerEmail",
    });
    expect((await refusal(asMe.workspaces.create({ data: { ownerEmail: mine } }))).status).toBe("PERMISSION_DENIED");
  });

  it("ask a signed-out visitor to sign in", async () => {
    expect(await refusal(consoleAs(null).workspaces.list({ data: {} }))).toEqual({
      status: "UNAUTHENTICATED",
      message: SIGNED_OUT,
    });
  });

  it("page the operator through every workspace, and an owner through their own", async () => {
    const mine = uniqueEmail("pager");
    const own = await newWorkspace(mine);
    const others = [];
    for (let i = 0; i < 12; i++) others.push((await newWorkspace()).workspace.id);

    const seen: string[] = [];
    let pageToken: string | undefined;
    for (let pages = 0; pages < 50; pages++) {
      const page = await consoleAs(operator).workspaces.list({ data: { pageSize: 5, pageToken } });
      expect(page.workspaces.length).toBeLessThanOrEqual(5);
      seen.push(...page.workspaces.map((w) => w.id));
      pageToken = page.nextPageToken;
      if (!pageToken) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([own.workspace.id, ...others]));

    const page = await consoleAs(owner(mine)).workspaces.list({ data: {} });
    expect(page).toMatchObject({ workspaces: [{ id: own.workspace.id, ownerEmail: mine }] });
    expect(page.nextPageToken).toBeUndefined();
  });

  it("refuse another owner's workspace and key as not found", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const asB = consoleAs(owner(b.email));
    const before = await rowCounts();
    const notFound = { status: "NOT_FOUND", message: "Workspace not found." };
    expect(await refusal(asB.workspaces.get({ workspaceId: a.workspace.id, data: {} }))).toEqual(notFound);
    expect(await refusal(asB.workspaces.delete({ workspaceId: a.workspace.id, data: { confirmName: "x" } }))).toEqual(
      notFound,
    );
    const keyNotFound = { status: "NOT_FOUND", message: "API key not found." };
    for (const workspaceId of [a.workspace.id, b.workspace.id]) {
      const target = { workspaceId, apiKeyId: a.apiKey, data: {} };
      expect(await refusal(asB.apiKeys.get(target))).toEqual(keyNotFound);
      expect(await refusal(asB.usage.requests(target))).toEqual(keyNotFound);
      expect(await refusal(asB.webhooks.deliveryLog(target))).toEqual(keyNotFound);
      expect(await refusal(asB.email.log(target))).toEqual(keyNotFound);
      expect(await refusal(asB.webhooks.sendTest({ ...target, data: { endpointId: "ep_x" } }))).toEqual(keyNotFound);
    }
    // The key switches name the key in their input: one of another workspace is not found there.
    expect(
      await refusal(
        asB.apiKeys.updateSettings({ workspaceId: b.workspace.id, data: { apiKey: a.apiKey, activityLogs: false } }),
      ),
    ).toMatchObject({ status: "NOT_FOUND" });
    expect(await rowCounts()).toEqual(before);
  });
});
