import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { apiFastPath, type ApiFastPath } from "@/lib/api/node-handler";
import { requestIdFrom } from "@/lib/infra/request-id.mjs";
import { call, newWorkspace, useTestDatabase, workspaceHeaders } from "../helpers/api";

useTestDatabase();

// server.mjs's API path without Next: the same node:http steps in front of the handler start-up exposes.
let base = "";
let server: http.Server;
let api: ApiFastPath;

beforeAll(async () => {
  api = apiFastPath();
  server = http.createServer((req, res) => {
    req.headers["x-weft-client-ip"] = "203.0.113.9";
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    req.headers["x-request-id"] = requestId;
    res.setHeader("x-request-id", requestId);
    if (!api.handles(req.method, req.url)) {
      res.writeHead(418).end();
      return;
    }
    api.serve(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("API without Next (lib/api/node-handler.ts)", () => {
  it("takes only POSTs to registry paths; the rest stays with Next", () => {
    expect(api.handles("POST", "/v2/workspace/get")).toBe(true);
    expect(api.handles("POST", "/v2/workspace/get?x=1")).toBe(true);
    expect(api.handles("GET", "/v2/workspace/get")).toBe(false);
    expect(api.handles("POST", "/v2/workspace/get/")).toBe(false);
    expect(api.handles("POST", "/v2/nope")).toBe(false);
    expect(api.handles("POST", "/api/live")).toBe(false);
  });

  it("answers byte for byte what the dispatcher answers, with the request id and a Content-Length", async () => {
    const { workspace } = await newWorkspace();
    const headers = { "content-type": "application/json", ...workspaceHeaders(workspace.id, workspace.authToken) };
    const res = await fetch(`${base}/v2/workspace/get`, {
      method: "POST",
      headers: { ...headers, "x-request-id": "req-node-handler-1" },
      body: JSON.stringify({ data: {} }),
    });
    const text = await res.text();
    const inProcess = await call("/v2/workspace/get", {}, { headers });
    expect(res.status).toBe(200);
    expect(text).toBe(JSON.stringify(inProcess.body));
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toBe("req-node-handler-1");

    const denied = await fetch(`${base}/v2/workspace/get`, {
      method: "POST",
      headers: { ...headers, "x-service-workspace-auth-token": "0".repeat(64) },
      body: JSON.stringify({ data: {} }),
    });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({
      error: { status: "PERMISSION_DENIED", message: "Invalid workspace credentials." },
    });
  });

  it("refuses a body over the size cap and malformed JSON like the dispatcher", async () => {
    const big = await fetch(`${base}/v2/workspace/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: { ownerEmail: "a@example.com", pad: "x".repeat(1_100_000) } }),
    });
    expect(big.status).toBe(400);
    expect(await big.json()).toEqual({
      error: { status: "INVALID_ARGUMENT", message: "Request body is larger than the 1048576-byte limit." },
    });
    const bad = await fetch(`${base}/v2/workspace/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(await bad.json()).toEqual({
      error: { status: "INVALID_ARGUMENT", message: "Request body is not valid JSON." },
    });
  });
});
