import { describe, expect, it } from "vitest";
import { call, newWorkspace, uniqueEmail, useTestDatabase, workspaceHeaders } from "../helpers/api";
import { db } from "@/lib/infra/db";

useTestDatabase();

describe("Create Workspace", () => {
  it("creates a workspace with owner, auth token and a first testing key, as the spec shows", async () => {
    const res = await call("/v2/workspace/create", {
      ownerEmail: "owner@example.com",
      name: "John Doe",
      workspaceName: "My Workspace",
      avatar: "https://example.com/avatar.png",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const { result } = res.body;
    expect(result.status).toBe("success");
    expect(result.message).toBe("Workspace created successfully");
    expect(Object.keys(result)).toEqual(["status", "message", "data"]);
    const ws = result.data;
    expect(Object.keys(ws)).toEqual(["id", "name", "owner", "authToken", "apiKeyList"]);
    expect(ws.name).toBe("My Workspace");
    expect(ws.owner).toEqual({
      email: "owner@example.com",
      id: expect.any(String),
      name: "John Doe",
      avatar: "https://example.com/avatar.png",
    });
    expect(ws.authToken).toMatch(/^[0-9a-f]{64}$/);
    const keys = Object.values(ws.apiKeyList) as { apiKeyName: string; id: string; type: string }[];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toEqual({ apiKeyName: "Owner Test API Key", id: Object.keys(ws.apiKeyList)[0], type: "testing" });
  });

  it("defaults name to the email and workspaceName to '<name> workspace'", async () => {
    const email = uniqueEmail("jane");
    const a = (await call("/v2/workspace/create", { ownerEmail: email })).body.result.data;
    expect(a.owner.name).toBe(email);
    expect(a.name).toBe(`${email} workspace`);
    expect(Object.values(a.apiKeyList)[0]).toMatchObject({
      apiKeyName: `${email.split("@")[0].replace(/^j/, "J")} Test API Key`,
    });
    const b = (await call("/v2/workspace/create", { ownerEmail: uniqueEmail(), name: "Ann" })).body.result.data;
    expect(b.name).toBe("Ann workspace");
  });

  it("never stores the auth token in clear", async () => {
    const { workspace } = await newWorkspace();
    const row = await db().workspace.findUniqueOrThrow({ where: { id: workspace.id } });
    expect(JSON.stringify(row)).not.toContain(workspace.authToken);
  });

  it("rejects disposable email domains", async () => {
    const res = await call("/v2/workspace/create", { ownerEmail: "someone@mailinator.com" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { status: "INVALID_ARGUMENT", message: "This email domain is not supported." } });
  });

  it.each([
    [{ ownerEmail: "a@example.com", name: "" }, "name must not be empty."],
    [{ ownerEmail: "a@example.com", name: "x".repeat(201) }, "name must contain at most 200 characters."],
    [{ ownerEmail: "a@example.com", workspaceName: "" }, "workspaceName must not be empty."],
    [
      { ownerEmail: "a@example.com", avatar: `https://e.com/${"a".repeat(2000)}` },
      "avatar must contain at most 2000 characters.",
    ],
    [{ ownerEmail: "a@example.com", avatar: "not a url" }, "avatar must be a valid URL."],
    [{ ownerEmail: "not-an-email" }, "ownerEmail must be a valid email address."],
    [{}, "ownerEmail is required."],
  ])("validates input (%#)", async (data, message) => {
    const res = await call("/v2/workspace/create", data);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { status: "INVALID_ARGUMENT", message } });
  });

  it("allows an additional workspace only when the root workspace is on a paid plan, and at most 5", async () => {
    const email = uniqueEmail();
    const root = (await call("/v2/workspace/create", { ownerEmail: email })).body.result.data;
    const second = await call("/v2/workspace/create", { ownerEmail: email });
    expect(second.status).toBe(403);
    expect(second.body.error).toEqual({
      status: "PERMISSION_DENIED",
      message:
        "Creating an additional workspace requires your root workspace to be on a paid plan (a production API key).",
    });
    await db().workspace.update({ where: { id: root.id }, data: { plan: "paid" } });
    for (let i = 0; i < 4; i++) {
      const ok = await call("/v2/workspace/create", { ownerEmail: email.toUpperCase() }, { ip: `192.0.2.${i}` });
      expect(ok.status).toBe(200);
      expect(ok.body.result.data.owner.id).toBe(root.owner.id);
    }
    const sixth = await call("/v2/workspace/create", { ownerEmail: email });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toEqual({
      status: "RESOURCE_EXHAUSTED",
      message: "You have reached the maximum number of workspaces allowed for this email address.",
    });
    expect(await db().workspace.count({ where: { ownerEmail: email } })).toBe(5);
  });

  it("answers ALREADY_EXISTS, not a second root, when two creates for one email race", async () => {
    const email = uniqueEmail();
    const replies = await Promise.all(
      [1, 2, 3].map((i) => call("/v2/workspace/create", { ownerEmail: email }, { ip: `192.0.2.${100 + i}` })),
    );
    const statuses = replies.map((r) => r.body.error?.status ?? "OK").sort();
    expect(statuses.filter((s) => s === "OK")).toHaveLength(1);
    for (const r of replies.filter((x) => x.body.error)) {
      expect(["ALREADY_EXISTS", "PERMISSION_DENIED"]).toContain(r.body.error.status);
      if (r.body.error.status === "ALREADY_EXISTS")
        expect(r.body.error.message).toBe("A workspace already exists for this email address");
    }
    expect(await db().workspace.count({ where: { ownerEmail: email } })).toBe(1);
  });
});

describe("Get Workspace", () => {
  it("returns the same Workspace object as Create Workspace, with {data:{}} or no data at all", async () => {
    const { workspace } = await newWorkspace();
    const res = await call("/v2/workspace/get", {}, { headers: workspaceHeaders(workspace.id, workspace.authToken) });
    expect(res.body).toEqual({
      result: { status: "success", message: "Workspace retrieved successfully", data: workspace },
    });
    const viaVelt = await call("/v2/workspace/get", undefined, {
      headers: workspaceHeaders(workspace.id, workspace.authToken, "velt"),
      raw: "{}",
    });
    expect(viaVelt.body.result.data).toEqual(workspace);
  });

  it("refuses wrong credentials the same way whether or not the workspace exists", async () => {
    const { workspace } = await newWorkspace();
    const wrongToken = await call("/v2/workspace/get", {}, { headers: workspaceHeaders(workspace.id, "0".repeat(64)) });
    const unknownId = await call(
      "/v2/workspace/get",
      {},
      { headers: workspaceHeaders("ws_doesnotexist", workspace.authToken) },
    );
    expect(wrongToken.status).toBe(403);
    expect(wrongToken.body).toEqual({
      error: { status: "PERMISSION_DENIED", message: "Invalid workspace credentials." },
    });
    expect(unknownId.body).toEqual(wrongToken.body);
    const missing = await call("/v2/workspace/get", {}, { headers: { "x-service-workspace-id": workspace.id } });
    expect(missing.body).toEqual({
      error: { status: "PERMISSION_DENIED", message: "Auth Token not found in headers." },
    });
    const none = await call("/v2/workspace/get", {});
    expect(none.body).toEqual({
      error: { status: "PERMISSION_DENIED", message: "Workspace ID not found in headers." },
    });
  });
});
