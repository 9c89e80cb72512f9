#!/usr/bin/env node
// Webhook delivery benchmark: events/s and latency from the event write (the transaction that hands an
// event to the consumers, as the event dispatcher does) to its receipt by local receivers that verify every
// Standard Webhooks signature, with 1, 10 and 100 endpoints. See bench/README.md.
//
//   node bench/webhook-delivery.mjs [--events 1000,300,50] [--endpoints 1,10,100] [--concurrency 8] [--rate 0]
//
// --rate N paces the writes at N events/s in total (0: as fast as the writers go, which measures
// throughput; a rate below it measures latency without a backlog).
//
// Runs weft's own start-up (startWeft, role server: migrations, job queue, delivery worker) in this process
// on PostgreSQL: DATABASE_URL if set (a database weft_bench_webhooks is created beside it), otherwise the
// throw-away server of scripts/postgres.sh (WEFT_PG_PORT, default 55432; started and stopped here if it
// was not running). Writes bench/results/webhook-delivery.json.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { Webhook } from "standardwebhooks";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const { values: opts } = parseArgs({
  options: {
    events: { type: "string", default: "1000,300,50" },
    endpoints: { type: "string", default: "1,10,100" },
    concurrency: { type: "string", default: "8" },
    rate: { type: "string", default: "0" },
  },
});
const endpointCounts = opts.endpoints.split(",").map(Number);
const eventCounts = opts.events.split(",").map(Number);
const concurrency = Number(opts.concurrency);
const rate = Number(opts.rate);

// --- database ---------------------------------------------------------------------------------------------
let adminUrl = process.env.DATABASE_URL;
let stopPostgres = false;
if (!adminUrl) {
  const status = spawnSync("bash", ["scripts/postgres.sh", "status"], { encoding: "utf8" });
  if (status.status !== 0) stopPostgres = true;
  const started = spawnSync("bash", ["scripts/postgres.sh", "start"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (started.status !== 0) throw new Error("could not start PostgreSQL (scripts/postgres.sh)");
  adminUrl = started.stdout.trim().split("\n").pop();
}
const dbName = "weft_bench_webhooks";
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

Object.assign(process.env, {
  DATABASE_URL: url.toString(),
  WEFT_SECRET_KEY: randomBytes(32).toString("hex"),
  WEFT_ALLOW_PRIVATE_URLS: "true",
  WEFT_LOG_LEVEL: process.env.WEFT_LOG_LEVEL ?? "error",
  WEFT_RATE_LIMIT_CREATE_WORKSPACE: "1000/1",
});

// --- weft in this process, through tsx ----------------------------------------------------------------------
const [cjs, esm] = await Promise.all([import("tsx/cjs/api"), import("tsx/esm/api")]);
cjs.register();
esm.register({ tsconfig: path.join(root, "tsconfig.json") });
const load = async (file) => {
  const mod = await import(pathToFileURL(path.join(root, file)).href);
  return mod.default && !Object.keys(mod).some((k) => k !== "default" && k !== "module.exports")
    ? mod.default
    : { ...mod.default, ...mod };
};
const { startWeft } = await load("lib/server/start-weft.ts");
const { dispatch } = await load("lib/api/dispatch.ts");
const { transaction } = await load("lib/infra/db.ts");
const { eventConsumers } = await load("lib/domain/events/consumers.ts");
const weft = await startWeft({ role: "server" });

async function call(pathname, data, headers = {}) {
  const res = await dispatch(
    new Request(`http://localhost${pathname}`, {
      method: "POST",
      body: JSON.stringify({ data }),
      headers: { "content-type": "application/json", ...headers },
    }),
    { clientIp: "203.0.113.9" },
  );
  const body = await res.json();
  if (!res.ok) throw new Error(`${pathname}: ${JSON.stringify(body)}`);
  return body.result.data;
}

// --- receivers: one server, one path per endpoint, verifying each endpoint's secret --------------------------
const secrets = new Map();
const receipts = [];
let badSignatures = 0;
const receiver = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const at = performance.timeOrigin + performance.now();
    try {
      const parsed = secrets.get(req.url).verify(body, req.headers);
      receipts.push({ at, sentAt: parsed.data.sentAt, endpoint: req.url });
      res.writeHead(204).end();
    } catch {
      badSignatures += 1;
      res.writeHead(401).end();
    }
  });
});
receiver.keepAliveTimeout = 1;
await new Promise((r) => receiver.listen(0, "127.0.0.1", r));
const receiverPort = receiver.address().port;

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
}

async function scenario(endpointCount, eventCount) {
  const ws = await call("/v2/workspace/create", { ownerEmail: `bench-${endpointCount}-${Date.now()}@example.com` });
  const apiKey = Object.keys(ws.apiKeyList)[0];
  const tokens = await call(
    "/v2/workspace/authtokens/get",
    { apiKey },
    { "x-velt-workspace-id": ws.id, "x-velt-workspace-auth-token": ws.authToken },
  );
  const key = { "x-velt-api-key": apiKey, "x-velt-auth-token": tokens.authTokens[0].token };
  await call("/v2/workspace/advancedwebhookconfig/update", { isEnabled: true }, key);
  for (let i = 0; i < endpointCount; i++) {
    const p = `/hook/${endpointCount}/${i}`;
    const ep = await call(
      "/v2/workspace/advancedwebhook/endpoints/create",
      { url: `http://127.0.0.1:${receiverPort}${p}` },
      key,
    );
    const { secret } = await call("/v2/workspace/advancedwebhook/endpoints/secret/get", { endpointId: ep.id }, key);
    secrets.set(p, new Webhook(secret));
  }
  receipts.length = 0;
  const expected = endpointCount * eventCount;
  const started = performance.timeOrigin + performance.now();
  let next = 0;
  async function emitter() {
    while (next < eventCount) {
      const n = next++;
      if (rate > 0) {
        const due = started + (n * 1000) / rate - (performance.timeOrigin + performance.now());
        if (due > 0) await new Promise((r) => setTimeout(r, due));
      }
      const sentAt = performance.timeOrigin + performance.now();
      const event = {
        id: `evt_bench_${endpointCount}_${n}_${randomBytes(4).toString("hex")}`,
        apiKeyId: apiKey,
        type: "comment.add",
        timestamp: Date.now(),
        organizationId: "org-bench",
        documentId: `doc-${n % 10}`,
        annotationId: `ann-${n}`,
        actor: { userId: "bench", name: "Bench" },
        mentioned: [],
        assigned: null,
        participants: [{ userId: "bench", name: "Bench" }],
        data: { n, sentAt },
      };
      await transaction(async (tx) => {
        for (const consumer of eventConsumers) await consumer.consume(tx, event);
      });
    }
  }
  await Promise.all(Array.from({ length: concurrency }, emitter));
  const written = performance.timeOrigin + performance.now();
  const deadline = Date.now() + 600_000;
  while (receipts.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const finished = Math.max(...receipts.map((r) => r.at));
  const latencies = receipts.map((r) => r.at - r.sentAt).sort((a, b) => a - b);
  const seconds = (finished - started) / 1000;
  return {
    endpoints: endpointCount,
    events: eventCount,
    deliveries: receipts.length,
    expected,
    writeSeconds: Number(((written - started) / 1000).toFixed(2)),
    totalSeconds: Number(seconds.toFixed(2)),
    eventsPerSecond: Number((eventCount / seconds).toFixed(1)),
    deliveriesPerSecond: Number((receipts.length / seconds).toFixed(1)),
    latencyMs: {
      p50: Math.round(percentile(latencies, 50)),
      p90: Math.round(percentile(latencies, 90)),
      p99: Math.round(percentile(latencies, 99)),
      max: Math.round(latencies[latencies.length - 1] ?? NaN),
    },
  };
}

const results = [];
try {
  for (let i = 0; i < endpointCounts.length; i++) {
    const r = await scenario(endpointCounts[i], eventCounts[i] ?? eventCounts[eventCounts.length - 1]);
    results.push(r);
    console.log(
      `${String(r.endpoints).padStart(3)} endpoints, ${r.events} events: ${r.deliveries}/${r.expected} delivered in ${r.totalSeconds} s ` +
        `(writes took ${r.writeSeconds} s${rate > 0 ? ` at ${rate} events/s` : ""}) = ${r.eventsPerSecond} events/s, ${r.deliveriesPerSecond} deliveries/s; ` +
        `latency p50 ${r.latencyMs.p50} ms, p90 ${r.latencyMs.p90} ms, p99 ${r.latencyMs.p99} ms, max ${r.latencyMs.max} ms`,
    );
  }
  if (badSignatures) console.log(`bad signatures: ${badSignatures}`);
  mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  writeFileSync(
    path.join(root, "bench", "results", "webhook-delivery.json"),
    JSON.stringify({ date: new Date().toISOString(), concurrency, rate, results, badSignatures }, null, 2),
  );
} finally {
  receiver.close();
  await weft.stop();
  if (stopPostgres) spawnSync("bash", ["scripts/postgres.sh", "stop"], { stdio: "inherit" });
}
process.exit(results.every((r) => r.deliveries === r.expected) && badSignatures === 0 ? 0 : 1);
