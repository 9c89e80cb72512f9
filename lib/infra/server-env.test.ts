import { describe, expect, it } from "vitest";
import { z } from "zod";
import { requestIdFrom } from "./request-id.mjs";
import { EnvError, readEnv, serverEnv, serverEnvFields } from "./server-env.mjs";

const parse = (source: Record<string, string>) => readEnv(z.object(serverEnvFields), source);

describe("server configuration (server.mjs, before the bundle loads)", () => {
  it("has the documented defaults; an empty value counts as unset", () => {
    expect(parse({ PORT: "", WEFT_HEADERS_TIMEOUT_MS: "" })).toEqual({
      PORT: 3000,
      WEFT_HEADERS_TIMEOUT_MS: 15_000,
      WEFT_SKIP_BUILD: false,
      WEFT_SHUTDOWN_GRACE_MS: 10_000,
    });
    expect(
      parse({ PORT: "8080", HOSTNAME: "127.0.0.1", WEFT_HEADERS_TIMEOUT_MS: "2000", WEFT_SKIP_BUILD: "true" }),
    ).toEqual({
      PORT: 8080,
      HOSTNAME: "127.0.0.1",
      WEFT_HEADERS_TIMEOUT_MS: 2000,
      WEFT_SKIP_BUILD: true,
      WEFT_SHUTDOWN_GRACE_MS: 10_000,
    });
    expect(parse({ WEFT_SHUTDOWN_GRACE_MS: "0" }).WEFT_SHUTDOWN_GRACE_MS).toBe(0);
  });

  it("refuses a bad value with a message naming every bad variable", () => {
    expect(() => parse({ WEFT_HEADERS_TIMEOUT_MS: "abc" })).toThrow(EnvError);
    expect(() => parse({ WEFT_HEADERS_TIMEOUT_MS: "abc", PORT: "70000", WEFT_SKIP_BUILD: "yes" })).toThrow(
      /^Invalid configuration:\n {2}PORT: [^\n]+\n {2}WEFT_HEADERS_TIMEOUT_MS: [^\n]+\n {2}WEFT_SKIP_BUILD: /,
    );
    expect(() => parse({ WEFT_PUBLIC_URL: "ftp://example.com" })).toThrow(/WEFT_PUBLIC_URL/);
    expect(() => parse({ WEFT_SHUTDOWN_GRACE_MS: "-1" })).toThrow(/WEFT_SHUTDOWN_GRACE_MS/);
  });

  it("reads process.env", () => {
    expect(serverEnv().WEFT_HEADERS_TIMEOUT_MS).toBe(Number(process.env.WEFT_HEADERS_TIMEOUT_MS || 15_000));
  });
});

describe("request ids", () => {
  it("keeps a client's plain id and replaces anything else with a UUID", () => {
    expect(requestIdFrom("req-1.a:b_C")).toBe("req-1.a:b_C");
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const bad of [undefined, null, "", "has space", "x".repeat(129), "a\nb", ["a"]]) {
      expect(requestIdFrom(bad)).toMatch(uuid);
    }
    expect(requestIdFrom("x".repeat(128))).toBe("x".repeat(128));
  });
});
