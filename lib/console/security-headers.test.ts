import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";
import { consoleCsp } from "./security-headers";

describe("console security headers", () => {
  it("sends CSP with frame-ancestors 'none', a fresh script nonce per page, and the usual headers", () => {
    const first = proxy(new NextRequest("http://localhost/workspaces"));
    const second = proxy(new NextRequest("http://localhost/workspaces"));
    const csp = first.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]{24})' 'strict-dynamic'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).not.toContain("unsafe-inline");
    // Inline styles: the nonce, or a listed hash (one exact text each).
    expect(csp).toMatch(
      new RegExp(`style-src 'self' 'nonce-${nonce!.replace(/[+/]/g, "\\$&")}'( 'sha256-[A-Za-z0-9+/]{43}=')+;`),
    );
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // Next reads the nonce from the request's policy header while rendering.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
  });

  it("allows eval only in development", () => {
    expect(consoleCsp("n", true)).toContain("'unsafe-eval'");
    expect(consoleCsp("n")).not.toContain("unsafe-eval");
  });

  it("covers console pages and leaves the REST API, route handlers and static files alone", () => {
    const source = new RegExp(`^${config.matcher[0].source}$`);
    for (const page of ["/", "/workspaces", "/workspaces/ws_1/keys/k/email", "/mailbox", "/live-demo", "/v1x"]) {
      expect(source.test(page), page).toBe(true);
    }
    for (const path of ["/v1/workspace/create", "/v2/organizations/add", "/v2", "/api/auth/session", "/api/health"]) {
      expect(source.test(path), path).toBe(false);
    }
    expect(source.test("/_next/static/chunks/app.js")).toBe(false);
  });
});
