import { z } from "zod";
import { beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "@/lib/api/define-endpoint";
import { endpoints } from "@/lib/api/registry";
import { call, newWorkspace, rowCounts, useTestDatabase } from "../helpers/api";

// Every registry entry, walked with bad bodies: each gets a 4xx error envelope, never INTERNAL, and the
// database is exactly as it was.

useTestDatabase();

let creds: Record<Endpoint["auth"], Record<string, string>>;
beforeAll(async () => {
  const w = await newWorkspace();
  creds = { public: {}, workspace: w.ws, apiKey: w.key };
});

type JsonSchema = { type?: string | string[]; enum?: unknown[]; properties?: Record<string, JsonSchema> };

function wrongValueFor(s: JsonSchema): unknown {
  if (s.enum) return "not-one-of-the-values";
  const t = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (t) {
    case "string":
      return 12345;
    case "boolean":
      return "yes";
    case "number":
    case "integer":
      return "12";
    case "array":
      return { not: "an array" };
    case "object":
      return ["not", "an", "object"];
    default:
      return Symbol.for("skip");
  }
}

function badBodies(e: Endpoint): [string, string][] {
  const schema = z.toJSONSchema(e.input, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const props = Object.entries(schema.properties ?? {});
  const bodies: [string, string][] = [
    ["not JSON", "{data:"],
    ["array body", "[]"],
    ["data null", JSON.stringify({ data: null })],
    ["data array", JSON.stringify({ data: [] })],
    ["data string", JSON.stringify({ data: "x" })],
    ["extra top-level member", JSON.stringify({ data: {}, more: 1 })],
    ["unknown member", JSON.stringify({ data: { surelyNotAField: 1 } })],
    ["2 MB body", JSON.stringify({ data: { blob: "x".repeat(2 * 1024 * 1024) } })],
  ];
  if (!e.dataOptional) bodies.push(["no data", "{}"], ["empty body", ""]);
  for (const [name, prop] of props) {
    const wrong = wrongValueFor(prop);
    if (wrong !== Symbol.for("skip"))
      bodies.push([`wrong type for ${name}`, JSON.stringify({ data: { [name]: wrong } })]);
    bodies.push([`null ${name}`, JSON.stringify({ data: { [name]: null } })]);
    if (prop.type === "string" && !prop.enum)
      bodies.push([`huge ${name}`, JSON.stringify({ data: { [name]: "y".repeat(300_000) } })]);
    if (prop.type === "array")
      bodies.push([
        `10,000 items in ${name}`,
        JSON.stringify({ data: { [name]: Array.from({ length: 10_000 }, (_, i) => `id-${i}`) } }),
      ]);
  }
  return bodies;
}

describe("bad input contract", () => {
  for (const e of endpoints as unknown as readonly Endpoint[]) {
    it(`${e.path} answers every bad body with a 4xx envelope and writes nothing`, async () => {
      const before = await rowCounts();
      for (const [label, raw] of badBodies(e)) {
        const res = await call(e.path, undefined, { raw, headers: creds[e.auth] });
        const ctx = `${e.path} / ${label}: ${JSON.stringify(res.body)}`;
        expect(res.status, ctx).toBeGreaterThanOrEqual(400);
        expect(res.status, ctx).toBeLessThan(500);
        expect(Object.keys(res.body), ctx).toEqual(["error"]);
        expect(res.body.error.status, ctx).not.toBe("INTERNAL");
        expect(typeof res.body.error.message, ctx).toBe("string");
        expect(res.headers.get("x-request-id"), ctx).toBeTruthy();
      }
      expect(await rowCounts()).toEqual(before);
    });
  }

  it("refuses every non-public endpoint without credentials, without touching the database", async () => {
    for (const e of (endpoints as unknown as readonly Endpoint[]).filter((x) => x.auth !== "public")) {
      const res = await call(e.path, {});
      if (e.credentials === "body") {
        // v1 Generate Token: the credentials belong in the body, and the reference words the refusal.
        expect(res.body, e.path).toEqual({ error: { status: "INVALID_ARGUMENT", message: "Auth token not found." } });
        continue;
      }
      expect(res.status, e.path).toBe(403);
      expect(res.body.error.status).toBe("PERMISSION_DENIED");
    }
  });
});
