import { readFileSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { startMetricsPort } from "@/lib/api/metrics-port";
import { recordRequestTelemetry } from "@/lib/api/request-telemetry";
import { db } from "@/lib/infra/db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { asKey, call, newWorkspace, uniqueEmail, useTestDatabase } from "../helpers/api";
import { emitEvent } from "../helpers/emit-event";
import { freePort } from "../helpers/free-port";
import { Scrape } from "../helpers/prometheus";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { waitFor } from "../helpers/wait";

// GET /api/metrics through its route handler, parsed with a real Prometheus text parser; API calls through the
// real dispatcher in process (tests/helpers/api.ts).

process.env.WEFT_ALLOW_PRIVATE_URLS = "true";
const TOKEN = "metrics-token-for-these-tests-0123";
process.env.WEFT_METRICS_TOKEN = TOKEN;
reloadEnvForTests();
useTestDatabase();
recordRequestTelemetry();

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  reloadEnvForTests();
  vi.restoreAllMocks();
});
function setEnv(vars: Record<string, string>) {
  Object.assign(process.env, vars);
  reloadEnvForTests();
}

const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

function metricsRequest(headers: Record<string, string> = {}) {
  return metricsRoute(new Request("http://localhost/api/metrics", { headers }));
}

/** A scrape with the token this file configures. */
async function scrape(headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }): Promise<Scrape> {
  const res = await metricsRequest(headers);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Scrape(await res.text());
}

describe("GET /api/metrics", () => {
  it("counts each API call by operation and status, and times it", async () => {
    const w = await newWorkspace();
    const op = { operation: "/v2/users/get" };
    const before = await scrape();
    expect((await call("/v2/users/get", { organizationId: "org" }, { headers: w.key })).status).toBe(200);
    expect((await call("/v2/users/get", {}, { headers: w.key })).status).toBe(400);
    expect((await call("/v2/no/such/thing", {})).status).toBe(404);
    const after = await scrape();

    const requests = "weft_http_requests_total";
    expect(after.family(requests).type).toBe("COUNTER");
    expect(after.value(requests, { ...op, status: "200" }) - before.value(requests, { ...op, status: "200" })).toBe(1);
    expect(after.value(requests, { ...op, status: "400" }) - before.value(requests, { ...op, status: "400" })).toBe(1);
    expect(
      after.value(requests, { operation: "unknown", status: "404" }) -
        before.value(requests, { operation: "unknown", status: "404" }),
    ).toBe(1);

    const duration = "weft_http_request_duration_seconds";
    expect(after.family(duration).type).toBe("HISTOGRAM");
    const count = `${duration}_count`;
    expect(after.value(count, op) - before.value(count, op)).toBe(2);
    expect(after.value(`${duration}_sum`, op)).toBeGreaterThan(before.value(`${duration}_sum`, op));
    expect(after.value(`${duration}_bucket`, { ...op, le: "+Inf" })).toBe(after.value(count, op));
  });

  it("reports the job queue by kind and state, with the age of the oldest due job", async () => {
    // A kind no worker handles stays pending: one due a minute ago, one due in an hour.
    const now = Date.now();
    await db().job.createMany({
      data: [
        { id: "job_metrics_due", kind: "metrics.test", payload: {}, runAt: new Date(now - 60_000) },
        { id: "job_metrics_later", kind: "metrics.test", payload: {}, runAt: new Date(now + 3_600_000) },
        { id: "job_metrics_failed", kind: "metrics.test", payload: {}, status: "failed" },
      ],
    });
    const s = await scrape();
    expect(s.family("weft_jobs").type).toBe("GAUGE");
    expect(s.value("weft_jobs", { kind: "metrics.test", state: "pending" })).toBe(2);
    expect(s.value("weft_jobs", { kind: "metrics.test", state: "failed" })).toBe(1);
    const age = s.value("weft_job_oldest_due_age_seconds", { kind: "metrics.test" });
    expect(age).toBeGreaterThanOrEqual(59);
    expect(age).toBeLessThan(600);

    await db().job.deleteMany({ where: { kind: "metrics.test" } });
    const emptied = await scrape();
    expect(emptied.sample("weft_jobs", { kind: "metrics.test" })).toBeUndefined();
    expect(emptied.sample("weft_job_oldest_due_age_seconds", { kind: "metrics.test" })).toBeUndefined();
  });

  it("counts mails and webhook attempts by outcome where they happen", async () => {
    const before = await scrape();
    const email = uniqueEmail();
    const sent = await call("/v2/workspace/email/send-login-link", { email, continueUrl: "http://localhost/" });
    expect(sent.status).toBe(200);
    const afterMail = await scrape();
    const stored = { transport: "outbox", outcome: "stored" };
    expect(afterMail.value("weft_emails_total", stored) - before.value("weft_emails_total", stored)).toBe(1);

    const ok = await startReceiver();
    const failing = await startReceiver({ respond: () => ({ status: 500 }) });
    receivers.push(ok, failing);
    const w = await newWorkspace();
    const api = asKey(w);
    await api("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true });
    await api("/v2/workspace/advancedwebhook/endpoints/create", { url: ok.url });
    await api("/v2/workspace/advancedwebhook/endpoints/create", { url: failing.url });
    await emitEvent(w.apiKey, { type: "comment.add" });

    const attempts = "weft_webhook_attempts_total";
    const success = { target: "endpoint", outcome: "success" };
    const httpError = { target: "endpoint", outcome: "http_error" };
    let s = before;
    await waitFor(async () => {
      s = await scrape();
      return s.value(attempts, success) > before.value(attempts, success) && s.value(attempts, httpError) > 0;
    });
    expect(s.value(attempts, success) - before.value(attempts, success)).toBe(1);
    // The failed delivery waits for its retry (5 s later): a pending webhook delivery, not yet due.
    expect(s.value("weft_jobs", { kind: "webhooks.delivery", state: "pending" })).toBe(1);
    expect(s.value("weft_job_oldest_due_age_seconds", { kind: "webhooks.delivery" })).toBe(0);
    expect(s.family("weft_webhook_attempt_duration_seconds").type).toBe("HISTOGRAM");
    expect(s.value("weft_webhook_attempt_duration_seconds_count", { outcome: "success" })).toBeGreaterThanOrEqual(1);
  });

  it("reports the database pool, live connections and process metrics", async () => {
    await call("/v2/no/such/thing", {});
    await db().$queryRaw`SELECT 1`;
    const s = await scrape();
    const pool = (state: string) => s.value("weft_db_pool_connections", { state });
    expect(pool("max")).toBeGreaterThanOrEqual(1);
    expect(pool("in_use") + pool("idle")).toBeGreaterThanOrEqual(1);
    expect(pool("in_use") + pool("idle")).toBeLessThanOrEqual(pool("max"));
    expect(s.family("weft_live_connections").metrics).toEqual([{ value: "0" }]);
    expect(s.value("process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(s.value("nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
  });

  it("never puts an id, token, email or request id in a label", async () => {
    const w = await newWorkspace();
    const email = uniqueEmail();
    await call("/v2/users/get", { organizationId: "org-metrics" }, { headers: { ...w.key, "x-request-id": "rq-1" } });
    await call("/v2/users/get", {}, { headers: { ...w.key, "x-request-id": "rq-2" } });
    await call(`/v2/users/${w.apiKey}`, {}, { headers: w.key });
    await call("/v2/workspace/email/send-login-link", { email, continueUrl: "http://localhost/" });
    const secrets = [
      w.workspace.id,
      w.workspace.authToken,
      w.apiKey,
      w.apiKeyToken,
      email,
      "org-metrics",
      "rq-1",
      "rq-2",
    ];
    const values = (await scrape()).labelValues();
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      for (const secret of secrets) expect(value).not.toContain(secret);
    }
  });
});

describe("docs/operations", () => {
  it("the Grafana dashboard and metrics.md name only metrics the endpoint serves", async () => {
    await call("/v2/no/such/thing", {});
    const served = new Set((await scrape()).families.keys());
    const named = (file: string) => {
      const text = readFileSync(file, "utf8");
      const names = text.match(/\b(weft|process|nodejs)_[a-z0-9_]+/g) ?? [];
      return new Set(names.map((n) => n.replace(/_(bucket|count|sum)$/, "")));
    };
    for (const file of ["docs/operations/grafana-dashboard.json", "docs/operations/metrics.md"]) {
      const missing = [...named(file)].filter((n) => !served.has(n));
      expect(missing, file).toEqual([]);
    }
  });
});

describe("GET /api/metrics access", () => {
  it("without WEFT_METRICS_TOKEN: nobody on the main port, loopback included (a proxy on this host is loopback)", async () => {
    setEnv({ WEFT_METRICS_TOKEN: "" });
    const refused: Record<string, string>[] = [
      { "x-weft-client-ip": "127.0.0.1" },
      { "x-weft-client-ip": "::1" },
      { "x-weft-client-ip": "127.0.0.1", "x-forwarded-for": "127.0.0.1" },
      { "x-weft-client-ip": "203.0.113.9" },
      {},
      { "x-weft-client-ip": "::1", authorization: "Bearer whatever-it-may-be" },
    ];
    for (const headers of refused) {
      const res = await metricsRequest({ ...headers, "x-request-id": "m-1" });
      expect(res.status).toBe(403);
      expect(res.headers.get("x-request-id")).toBe("m-1");
      expect(await res.json()).toEqual({
        error: {
          status: "PERMISSION_DENIED",
          message:
            "Metrics need WEFT_METRICS_TOKEN on this port; or set WEFT_METRICS_PORT to serve them on a loopback port.",
        },
      });
    }
  });

  it("with WEFT_METRICS_PORT: served without a token on 127.0.0.1 only, at /metrics", async () => {
    const port = await freePort();
    const server = await startMetricsPort(port);
    try {
      expect(server.address()).toMatchObject({ address: "127.0.0.1", port });
      for (const path of ["/metrics", "/api/metrics"]) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
        expect(new Scrape(await res.text()).families.has("weft_http_requests_total")).toBe(true);
      }
      expect((await fetch(`http://127.0.0.1:${port}/v2/users/get`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: "POST" })).status).toBe(405);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("with WEFT_METRICS_TOKEN: the bearer token from anywhere, 401 for anything else, loopback included", async () => {
    const token = "metrics-token-0123456789abcdef";
    setEnv({ WEFT_METRICS_TOKEN: token });
    const ok = await metricsRequest({ "x-weft-client-ip": "203.0.113.9", authorization: `Bearer ${token}` });
    expect(ok.status).toBe(200);
    expect(new Scrape(await ok.text()).families.has("weft_http_requests_total")).toBe(true);
    expect((await metricsRequest({ authorization: `bearer ${token}` })).status).toBe(200);

    for (const authorization of [
      undefined,
      `Bearer ${token}x`,
      `Bearer ${token.slice(0, -1)}`,
      `Basic ${token}`,
      token,
      `Bearer ${token} ${token}`,
      "Bearer ",
    ]) {
      const headers: Record<string, string> = { "x-weft-client-ip": "127.0.0.1" };
      if (authorization !== undefined) headers.authorization = authorization;
      const res = await metricsRequest(headers);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="weft metrics"');
      expect(await res.json()).toEqual({
        error: { status: "UNAUTHENTICATED", message: "Metrics need Authorization: Bearer <WEFT_METRICS_TOKEN>." },
      });
    }
  });
});

describe("request log", () => {
  it("writes one info-level JSON line per API call, without bodies or secrets", async () => {
    const w = await newWorkspace();
    setEnv({ WEFT_LOG_LEVEL: "info" });
    const lines: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    await call("/v2/users/get", { organizationId: "org-log" }, { headers: { ...w.key, "x-request-id": "log-1" } });
    await call("/v2/users/get", { organizationId: "org-log" }, { headers: { ...w.key, "x-velt-auth-token": "bad" } });
    await call("/v2/users/get", {}, { headers: { ...w.key, "x-request-id": "log-2" } });
    vi.restoreAllMocks();

    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
    expect(requests).toHaveLength(3);
    const [ok, , invalid] = requests;
    expect(Object.keys(ok).sort()).toEqual(
      ["time", "level", "msg", "operation", "status", "durationMs", "requestId", "apiKeyId", "workspaceId"].sort(),
    );
    expect(ok).toMatchObject({
      level: "info",
      msg: "request",
      operation: "/v2/users/get",
      status: 200,
      requestId: "log-1",
      apiKeyId: w.apiKey,
      workspaceId: w.workspace.id,
    });
    expect(new Date(ok.time).getTime()).toBeGreaterThan(0);
    expect(ok.durationMs).toBeGreaterThan(0);
    expect(invalid).toMatchObject({ status: 400, errorStatus: "INVALID_ARGUMENT", requestId: "log-2" });
    const text = lines.join("");
    for (const secret of [w.apiKeyToken, w.workspace.authToken, "org-log"]) expect(text).not.toContain(secret);
  });

  it("is not written below WEFT_LOG_LEVEL=info, while the metrics still count", async () => {
    setEnv({ WEFT_LOG_LEVEL: "warn" });
    const before = await scrape();
    const writes = vi.spyOn(process.stdout, "write");
    await call("/v2/no/such/thing", {});
    expect(writes.mock.calls.filter(([chunk]) => String(chunk).includes('"msg":"request"'))).toEqual([]);
    vi.restoreAllMocks();
    const counted = { operation: "unknown", status: "404" };
    expect((await scrape()).value("weft_http_requests_total", counted)).toBe(
      before.value("weft_http_requests_total", counted) + 1,
    );
  });
});
