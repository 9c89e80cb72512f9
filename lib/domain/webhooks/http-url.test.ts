import { describe, expect, it } from "vitest";
import { isHttpUrl } from "./http-url";

describe("isHttpUrl", () => {
  it("accepts absolute http and https URLs only", () => {
    for (const ok of [
      "http://example.com",
      "https://example.com:8443/hook?x=1",
      "HTTPS://EXAMPLE.COM",
      "http:example.com",
    ]) {
      expect(isHttpUrl(ok), ok).toBe(true);
    }
    for (const bad of [
      "",
      "example.com",
      "/hook",
      "ftp://example.com",
      "javascript:alert(1)",
      "http://",
      "https://",
      "mailto:a@b.c",
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
  });
});
