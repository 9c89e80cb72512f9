import { describe, expect, it } from "vitest";
import { normalizeDomain } from "./normalize-domain";

describe("normalizeDomain", () => {
  it.each([
    ["https://www.google.com", "google.com"],
    ["https://*.firebase.com", "*.firebase.com"],
    ["HTTP://App.Example.com:8080/path?q=1#x", "app.example.com"],
    ["localhost:3000", "localhost"],
    ["127.0.0.1", "127.0.0.1"],
    ["example.com.", "example.com"],
  ])("%s -> %s", (raw, bare) => expect(normalizeDomain(raw)).toBe(bare));

  it.each(["", "not a domain", "exa_mple.com", "*.", "a..b", `${"a".repeat(64)}.com`, "foo.*.com"])(
    "rejects %j",
    (raw) => expect(normalizeDomain(raw)).toBeNull(),
  );
});
