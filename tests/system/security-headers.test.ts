import { afterAll, describe, expect, it } from "vitest";
import { canRun, freshDatabase, startServer, stopAllServers } from "./support";

// The built server's headers (findings 8 and 9): proxy.ts runs for console pages only, server.mjs adds nosniff
// everywhere, and the API refuses a cross-site text/plain POST.

afterAll(() => stopAllServers());

describe.runIf(canRun)("security headers of the built server", () => {
  it("console pages carry the CSP and anti-framing headers; API replies stay plain JSON with nosniff", async () => {
    const server = await startServer(await freshDatabase());
    const page = await fetch(`${server.base}/`);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    // Next put the nonce on the page's scripts.
    expect(await page.text()).toContain(`nonce="${nonce}"`);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");

    const api = await fetch(`${server.base}/v2/workspace/create`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ data: { ownerEmail: "csrf@example.com" } }),
    });
    expect(api.status).toBe(400);
    expect(api.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    expect(api.headers.get("content-security-policy")).toBeNull();
    expect((await api.json()).error.message).toContain("Content-Type");
  });
});
