import { afterEach, describe, expect, it } from "vitest";
import { observeRequests, type ObservedRequest } from "@/lib/api/request-observers";
import { apiKeyHeaders, call, newWorkspace, useTestDatabase } from "../helpers/api";

useTestDatabase();

describe("request observers", () => {
  const seen: ObservedRequest[] = [];
  const stop = observeRequests((r) => seen.push(r));
  afterEach(() => {
    seen.length = 0;
  });

  it("report each answered call with its operation, status, scope and request id", async () => {
    const w = await newWorkspace();
    seen.length = 0;
    const headers = { ...w.key, "x-request-id": "obs-1" };
    const ok = await call("/v2/users/get", { organizationId: "org" }, { headers });
    expect(ok.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      operation: "/v2/users/get",
      httpStatus: 200,
      requestId: "obs-1",
      workspaceId: w.workspace.id,
      apiKeyId: w.apiKey,
    });
    expect(seen[0].errorStatus).toBeUndefined();
    expect(seen[0].durationMs).toBeGreaterThan(0);
  });

  it("report refusals with the envelope's status, and unknown paths without an operation", async () => {
    await call("/v2/users/get", {}, { headers: apiKeyHeaders("nope", "nope") });
    await call("/v2/no/such/thing", {});
    expect(seen.map((r) => [r.operation, r.httpStatus, r.errorStatus, r.apiKeyId])).toEqual([
      ["/v2/users/get", 403, "PERMISSION_DENIED", undefined],
      ["unknown", 404, "NOT_FOUND", undefined],
    ]);
  });

  it("stop reporting once unsubscribed", async () => {
    stop();
    await call("/v2/no/such/thing", {});
    expect(seen).toEqual([]);
  });
});
