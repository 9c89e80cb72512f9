import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Endpoint } from "@/lib/api/define-endpoint";
import { endpoints } from "@/lib/api/registry";
import { asKey, call, newWorkspace, useTestDatabase } from "../helpers/api";
import { consoleAs, owner, refusal } from "../helpers/console";

// L1: text PostgreSQL cannot store (NUL, unpaired surrogates) is refused with a 4xx naming where it was, wherever
// it comes in: inside a page token's position (every paged list, found from the registry's input schemas), and
// through the console's router, which runs the same JSON checks as the REST API.

useTestDatabase();

const TOKEN_FIELDS = ["pageToken", "cursor", "iterator"] as const;
const tokenFieldOf = (e: Endpoint) => {
  const properties = (z.toJSONSchema(e.input, { io: "input", unrepresentable: "any" }) as { properties?: object })
    .properties;
  return TOKEN_FIELDS.find((f) => properties && f in properties);
};

const token = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

// The rest of a valid call of each paged list, and the shape of its token around a position [at, id].
const lists: Record<string, { data: object; wrap?: (position: unknown[]) => unknown; workspaceLevel?: true }> = {
  "/v2/organizations/get": { data: {} },
  "/v2/organizations/documents/get": { data: { organizationId: "org" } },
  "/v2/users/get": { data: { organizationId: "org" } },
  "/v2/agents/get": { data: {} },
  "/v2/agents/execution/list": { data: {} },
  "/v2/notifications/get": { data: { organizationId: "org" } },
  "/v2/activities/get": { data: { organizationId: "org" } },
  "/v2/commentannotations/get": { data: { organizationId: "org" } },
  "/v2/users/data/get": { data: { organizationId: "org", userId: "u1" }, wrap: (p) => ({ comments: p }) },
  "/v1/users/data/get": { data: { organizationId: "org", userId: "u1" }, wrap: (p) => ({ comments: p }) },
  "/v2/organizations/usergroups/get": { data: { organizationId: "org" } },
  "/v2/crdt/versions/get": { data: { organizationId: "org", documentId: "doc", editorId: "ed" } },
  "/v2/workspace/advancedwebhook/endpoints/get": { data: {}, wrap: (p) => [...p, "next"] },
  "/v2/workspace/advancedwebhook/messages/get": { data: {}, wrap: (p) => [...p, "next"] },
  "/v2/workspace/advancedwebhook/attempts/get": { data: {}, wrap: (p) => [...p, "next"] },
  "/v2/workspace/apikeys/get": { data: {}, workspaceLevel: true },
};

describe("page tokens", () => {
  const paged = (endpoints as readonly Endpoint[]).filter((e) => tokenFieldOf(e));

  it("whose position holds text PostgreSQL cannot store are refused naming the field, on every paged list", async () => {
    expect(paged.map((e) => e.path).sort()).toEqual(Object.keys(lists).sort());
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/organizations/add", { organizations: [{ organizationId: "org", organizationName: "Org" }] });
    await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true });
    for (const e of paged) {
      const field = tokenFieldOf(e)!;
      const { data, wrap = (p) => p, workspaceLevel } = lists[e.path];
      for (const id of ["a\u0000b", "a\ud800b"]) {
        const body = { ...data, [field]: token(wrap([1, id])) };
        const res = workspaceLevel ? await call(e.path, body, { headers: w.ws }) : await api(e.path, body);
        expect(res.status, `${e.path} ${JSON.stringify(id)}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.error.status).toBe("INVALID_ARGUMENT");
        expect(res.body.error.message).toMatch(new RegExp(`^${field} is invalid`));
      }
    }
  });

  it("of another list, or naming positions out of range, are refused by Get All User Data too", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/users/add", { organizationId: "org", createOrganization: true, users: [{ userId: "u1" }] });
    const data = { organizationId: "org", userId: "u1" };
    for (const pageToken of [
      token([1, "x"]),
      token({ comments: [1e20, "x"] }),
      token({ reactions: [1.5, "x"] }),
      token({ notifications: "later" }),
      token({ comments: "done", other: [1, "x"] }),
      token(null),
      "not a token",
    ]) {
      const res = await api("/v2/users/data/get", { ...data, pageToken });
      expect(res.status, pageToken).toBe(400);
      expect(res.body.error).toEqual({
        status: "INVALID_ARGUMENT",
        message: "pageToken is invalid; pass back the token of the previous page unchanged.",
      });
    }
  });
});

describe("the console's router", () => {
  it("refuses NUL in its input or target naming it, as the REST API does, instead of failing", async () => {
    const w = await newWorkspace();
    const target = { workspaceId: w.workspace.id, apiKeyId: w.apiKey };
    const asOwner = consoleAs(owner(w.email));
    await asOwner.v2.workspace.advancedwebhookconfig.update({ ...target, data: { isEnabled: true } });
    const viaRegistry = asOwner.v2.workspace.advancedwebhook.endpoints.create({
      ...target,
      data: { url: "https://example.com/hook", description: "a\u0000b" },
    });
    expect(await refusal(viaRegistry)).toEqual({
      status: "INVALID_ARGUMENT",
      message: "description must not contain NUL (\\u0000) characters.",
    });

    expect(await refusal(asOwner.webhooks.sendTest({ ...target, data: { endpointId: "ep_\u0000" } }))).toEqual({
      status: "INVALID_ARGUMENT",
      message: "endpointId must not contain NUL (\\u0000) characters.",
    });
    const nulTarget = { workspaceId: `${w.workspace.id}\u0000`, apiKeyId: w.apiKey };
    expect(await refusal(asOwner.webhooks.sendTest({ ...nulTarget, data: { endpointId: "ep_x" } }))).toEqual({
      status: "NOT_FOUND",
      message: "API key not found.",
    });
  });
});
