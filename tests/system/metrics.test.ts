import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port";
import { Scrape } from "../helpers/prometheus";
import { canRun, freshDatabase, newTenant, post, startServer, stopAllServers } from "./support";

// The built server over HTTP: Prometheus scrapes /api/metrics, calls answered by the route bundles are counted
// by the observers start-up subscribed from the instrumentation bundle, and each call writes its log line.

afterAll(() => stopAllServers());

const scrape = (base: string, headers: Record<string, string> = {}) => fetch(`${base}/api/metrics`, { headers });

describe.runIf(canRun)("metrics and request logs of a running server", () => {
  it("serve the token holder, count every call and write one JSON line per call", async () => {
    const token = "system-metrics-token-0123456789";
    const server = await startServer(await freshDatabase(), { WEFT_METRICS_TOKEN: token, WEFT_LOG_LEVEL: "info" });
    const auth = { authorization: `Bearer ${token}` };
    const tenant = await newTenant(server.base);
    const reply = await post(server.base, "/v2/organizations/get", {}, { ...tenant.keyHeaders, "x-request-id": "s-1" });
    expect(reply.status).toBe(200);

    const res = await scrape(server.base, auth);
    expect(res.status).toBe(200);
    const s = new Scrape(await res.text());
    expect(s.value("weft_http_requests_total", { operation: "/v2/organizations/get", status: "200" })).toBe(1);
    expect(s.value("weft_http_requests_total", { operation: "/v2/workspace/create", status: "200" })).toBe(1);
    expect(s.value("weft_http_request_duration_seconds_count", { operation: "/v2/organizations/get" })).toBe(1);
    expect(s.value("weft_db_pool_connections", { state: "max" })).toBe(10);
    expect(s.family("weft_live_connections").metrics).toEqual([{ value: "0" }]);
    expect(s.value("process_resident_memory_bytes")).toBeGreaterThan(0);
    for (const value of s.labelValues()) {
      for (const secret of [tenant.apiKey, tenant.workspace.id, tenant.keyHeaders["x-velt-auth-token"], "s-1"])
        expect(value).not.toContain(secret);
    }

    // The server's socket is loopback here, but a token is set: it is required.
    const refused = await scrape(server.base);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.status).toBe("UNAUTHENTICATED");

    const lines = server
      .log()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l))
      .filter((l) => l.msg === "request");
    expect(lines.find((l) => l.requestId === "s-1")).toMatchObject({
      level: "info",
      operation: "/v2/organizations/get",
      status: 200,
      apiKeyId: tenant.apiKey,
      workspaceId: tenant.workspace.id,
    });
    expect(lines.map((l) => l.operation)).toEqual([
      "/v2/workspace/create",
      "/v2/workspace/authtokens/get",
      "/v2/organizations/get",
    ]);
  });

  it("without a token: served on the loopback metrics port only, never on the main port", async () => {
    const metricsPort = await freePort();
    const server = await startServer(await freshDatabase(), { WEFT_METRICS_PORT: String(metricsPort) });
    const local = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(local.status).toBe(200);
    expect(local.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(new Scrape(await local.text()).families.has("weft_jobs")).toBe(true);
    // The main port: a loopback client is refused too (a reverse proxy on this host is one).
    const attempts: Record<string, string>[] = [
      {},
      { "x-weft-client-ip": "127.0.0.1" },
      { "x-forwarded-for": "203.0.113.1" },
    ];
    for (const headers of attempts) {
      const refused = await scrape(server.base, headers);
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.status).toBe("PERMISSION_DENIED");
    }
  });
});
