import { describe, expect, it } from "vitest";
import { dispatch } from "@/lib/api/dispatch";
import { CONTENT_TYPE_REQUIRED, isJsonContentType } from "@/lib/api/content-type";
import { db } from "@/lib/infra/db";
import { call, newWorkspace, uniqueEmail, useTestDatabase, workspaceHeaders } from "../helpers/api";

// Finding 9: a web page can POST text/plain, form and multipart bodies cross-site without a preflight.

useTestDatabase();

const refused = { error: { status: "INVALID_ARGUMENT", message: CONTENT_TYPE_REQUIRED } };

async function send(path: string, body: BodyInit | undefined, headers: Record<string, string>) {
  const res = await dispatch(new Request(`http://localhost${path}`, { method: "POST", body, headers }), {
    clientIp: "203.0.113.77",
  });
  return { status: res.status, body: await res.json() };
}

describe("POST bodies must be JSON", () => {
  it.each([
    ["text/plain"],
    ["text/plain;charset=UTF-8"],
    ["application/x-www-form-urlencoded"],
    ["multipart/form-data; boundary=x"],
    ["application/jsonp"],
    ["application/json-seq"],
    ["text/json "],
  ])("refuses a public call with Content-Type %s and writes nothing", async (type) => {
    const email = uniqueEmail("ctype");
    const reply = await call("/v2/workspace/create", { ownerEmail: email }, { headers: { "content-type": type } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(refused);
    expect(await db().workspace.count({ where: { ownerEmail: email } })).toBe(0);
    const link = await call(
      "/v2/workspace/email/send-login-link",
      { email, continueUrl: "http://localhost/" },
      { headers: { "content-type": type } },
    );
    expect(link.body).toEqual(refused);
  });

  it("refuses a body sent without any Content-Type", async () => {
    const body = new TextEncoder().encode(JSON.stringify({ data: { ownerEmail: uniqueEmail("ctype") } }));
    expect(await send("/v2/workspace/create", body, {})).toEqual({ status: 400, body: refused });
  });

  it.each([
    ["application/json"],
    ["application/json; charset=utf-8"],
    ["Application/JSON;charset=UTF-8"],
    ["application/vnd.api+json"],
    ["application/merge-patch+json; charset=utf-8"],
  ])("accepts Content-Type %s", async (type) => {
    const reply = await call(
      "/v2/workspace/create",
      { ownerEmail: uniqueEmail("ctype") },
      { headers: { "content-type": type } },
    );
    expect(reply.status).toBe(200);
  });

  it("accepts a body-less call to an endpoint whose data is optional, with or without a Content-Type", async () => {
    const { workspace } = await newWorkspace();
    const headers = workspaceHeaders(workspace.id, workspace.authToken);
    for (const extra of [
      {} as Record<string, string>,
      { "content-type": "application/json" },
      { "content-type": "text/plain" },
    ]) {
      const reply = await send("/v2/workspace/get", undefined, { ...headers, ...extra });
      expect(reply.status).toBe(200);
      expect(reply.body.result.data.id).toBe(workspace.id);
    }
  });

  it("parses media types strictly", () => {
    expect(isJsonContentType(null)).toBe(false);
    expect(isJsonContentType("")).toBe(false);
    expect(isJsonContentType("json")).toBe(false);
    expect(isJsonContentType("application/json+")).toBe(false);
    expect(isJsonContentType("application/problem+json")).toBe(true);
  });
});
