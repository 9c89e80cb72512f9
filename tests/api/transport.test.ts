import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { openApiDocument } from "@/lib/api/openapi";
import { endpoints } from "@/lib/api/registry";
import { errorResponse, HTTP_STATUS } from "@/lib/api/envelope";
import type { Status } from "@/lib/domain/errors";
import { GET as live, POST as livePost } from "@/app/api/live/route";
import { call, useTestDatabase } from "../helpers/api";

useTestDatabase();

describe("transport", () => {
  it("answers liveness probes (GET and POST /api/live) with a constant body", async () => {
    for (const probe of [live, livePost]) {
      const res = probe();
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json");
      expect(await res.json()).toEqual({ status: "ok" });
    }
  });

  it("answers unknown paths with a NOT_FOUND envelope", async () => {
    for (const path of ["/v2/nope", "/v1/workspace/create", "/v2/workspace"]) {
      const res = await call(path, {});
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { status: "NOT_FOUND", message: `Unknown endpoint: ${path}.` } });
      expect(res.headers.get("content-type")).toContain("application/json");
    }
  });

  it("answers other methods than POST with an envelope and Allow: POST", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const res = await call("/v2/workspace/create", { ownerEmail: "a@example.com" }, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(res.body).toEqual({
        error: { status: "INVALID_ARGUMENT", message: `Method ${method} is not allowed; use POST.` },
      });
    }
  });

  it("refuses bodies over the size cap, malformed JSON and a missing data member", async () => {
    const big = await call("/v2/workspace/create", undefined, {
      raw: JSON.stringify({ data: { ownerEmail: "a@example.com", pad: "x".repeat(1_100_000) } }),
    });
    expect(big.body).toEqual({
      error: { status: "INVALID_ARGUMENT", message: "Request body is larger than the 1048576-byte limit." },
    });
    expect((await call("/v2/workspace/create", undefined, { raw: "{" })).body.error.message).toBe(
      "Request body is not valid JSON.",
    );
    expect(
      (await call("/v2/workspace/create", undefined, { raw: '{"ownerEmail":"a@example.com"}' })).body.error.message,
    ).toBe('Request body must have exactly one member, "data".');
    expect((await call("/v2/workspace/create", undefined, { raw: "{}" })).body.error.message).toBe(
      'Request body must be a JSON object with a "data" member.',
    );
  });

  it("gives every response an x-request-id, keeping a well-formed incoming one", async () => {
    const res = await call("/v2/nope", {}, { headers: { "x-request-id": "req-123" } });
    expect(res.headers.get("x-request-id")).toBe("req-123");
    const fresh = await call("/v2/nope", {}, { headers: { "x-request-id": "bad id with spaces" } });
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers every status with the HTTP status the callable protocol gives it, in the error envelope", async () => {
    // design.md §1, written out here rather than read from the code's table.
    const callable: Record<string, number> = {
      INVALID_ARGUMENT: 400,
      FAILED_PRECONDITION: 400,
      OUT_OF_RANGE: 400,
      UNAUTHENTICATED: 401,
      PERMISSION_DENIED: 403,
      NOT_FOUND: 404,
      ALREADY_EXISTS: 409,
      ABORTED: 409,
      RESOURCE_EXHAUSTED: 429,
      CANCELLED: 499,
      INTERNAL: 500,
      UNKNOWN: 500,
      DATA_LOSS: 500,
      UNIMPLEMENTED: 501,
      UNAVAILABLE: 503,
      DEADLINE_EXCEEDED: 504,
    };
    expect(Object.keys(HTTP_STATUS).sort()).toEqual(Object.keys(callable).sort());
    for (const [status, http] of Object.entries(callable)) {
      const res = errorResponse(status as Status, "Something went wrong.", "req-1");
      expect(res.status, status).toBe(http);
      expect(res.headers.get("x-request-id")).toBe("req-1");
      expect(await res.json()).toEqual({ error: { status, message: "Something went wrong." } });
    }
  });
});

describe("OpenAPI document", () => {
  it("matches the committed openapi.json (run `npm run openapi` after changing an endpoint)", () => {
    const committed = JSON.parse(readFileSync("openapi.json", "utf8"));
    expect(openApiDocument()).toEqual(committed);
  });

  it("describes every registry endpoint with its request schema", () => {
    const doc = openApiDocument();
    for (const e of endpoints) {
      const op = doc.paths[e.path]?.post;
      expect(op, e.path).toBeDefined();
      expect(op.requestBody.content["application/json"].schema.properties.data).toBeDefined();
    }
    expect(
      doc.paths["/v2/workspace/apikey/create"].post.requestBody.content["application/json"].schema.properties.data
        .required,
    ).toEqual(["ownerEmail", "type"]);
  });
});
