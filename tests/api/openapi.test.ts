import { readFileSync, statSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { GET } from "@/app/api/openapi.json/route";
import { openApiDocument } from "@/lib/api/openapi";
import { reloadEnvForTests } from "@/lib/infra/env";

// The committed document stays small because operations share components; every reference must resolve and
// every component must be used.

function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

function resolve(doc: unknown, ref: string): unknown {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);
}

describe("OpenAPI components", () => {
  const doc = openApiDocument();
  const refs = refsIn(doc);

  it("resolves every $ref inside the document", () => {
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of new Set(refs)) expect(resolve(doc, ref), ref).toBeDefined();
  });

  it("uses every shared schema and response", () => {
    const used = new Set(refs);
    for (const name of Object.keys(doc.components.schemas))
      expect(used.has(`#/components/schemas/${name}`), name).toBe(true);
    for (const name of Object.keys(doc.components.responses))
      expect(used.has(`#/components/responses/${name}`), name).toBe(true);
  });

  it("answers errors through the shared responses", () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [code, response] of Object.entries(item.post.responses)) {
        if (!/^2\d\d$/.test(code))
          expect(response, `${path} ${code}`).toEqual({ $ref: expect.stringMatching(/^#\/components\/responses\//) });
      }
    }
  });

  // Shared components keep each operation small: about 3 KB each (85 operations: 257 KB).
  it("keeps the committed openapi.json under 3.5 KB per operation", () => {
    expect(statSync("openapi.json").size).toBeLessThan(3_500 * Object.keys(doc.paths).length);
    expect(readFileSync("openapi.json", "utf8")).not.toMatch(/"#\/\$defs\//);
  });
});

describe("/api/openapi.json", () => {
  afterEach(() => {
    delete process.env.WEFT_PUBLIC_URL;
    reloadEnvForTests();
  });

  it("names the server it was asked on, or WEFT_PUBLIC_URL when that is set; the committed file names none", async () => {
    const served = (url: string) => GET(new Request(url)).json();
    expect((await served("https://weft.example.com:8443/api/openapi.json")).servers).toEqual([
      { url: "https://weft.example.com:8443" },
    ]);
    process.env.WEFT_PUBLIC_URL = "https://collab.example.org/";
    reloadEnvForTests();
    expect((await served("http://10.0.0.5:3000/api/openapi.json")).servers).toEqual([
      { url: "https://collab.example.org" },
    ]);
    expect(JSON.parse(readFileSync("openapi.json", "utf8")).servers).toBeUndefined();
  });
});
