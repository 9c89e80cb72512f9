#!/usr/bin/env node
// `npm run bench`: weft against two baselines measured in the same run on the same PostgreSQL, with
// autocannon on 127.0.0.1: a raw node:http + pg handler doing Get Workspace's SQL work, and weft's own constant
// route (the framework floor). Also Add Users of 1,000 against a raw multi-row INSERT, and Get Documents at
// page 1 vs page 100 of 100,000 documents. Live collaboration against a plain Hocuspocus server (bench/live.mjs).
// See bench/README.md.
//
//   npm run bench [-- --connections 20 --duration 5 --rounds 2 --warmup 3 --documents 100000 --build]
//   npm run bench -- --only live [--live-clients 1000,100,1 --live-rounds 30]
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildApp, buildState } from "../scripts/build-state.mjs";
import { post, postOk, shape } from "./lib/http.mjs";
import { explainMarkdown, explainTargets } from "./lib/explain.mjs";
import { loadInTurns } from "./lib/load.mjs";
import { BENCH_DB, recreateDatabase, sqlPerCall, startPostgres } from "./lib/postgres.mjs";
import { cleanup, freePort, startNode, waitFor } from "./lib/processes.mjs";
import { fmt, printTable } from "./lib/table.mjs";
import { measureLive } from "./live.mjs";
import { liveSummary, printLive } from "./live-report.mjs";
import { liveTargets } from "./live-targets.mjs";
import { measureAddUsers, USERS_ORG } from "./scenarios/add-users.mjs";
import { measureFanout, measureWebhooks } from "./scenarios/background-work.mjs";
import { bodyOfPage, seedDocuments } from "./scenarios/document-pages.mjs";
import { CRDT_DOC, CRDT_ORG, requestTargets } from "./scenarios/request-targets.mjs";
import { seedTenant } from "./scenarios/seed.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = path.join(root, "bench", "results");
process.chdir(root);

const { values: opts } = parseArgs({
  options: {
    connections: { type: "string", short: "c", default: process.env.BENCH_CONNECTIONS ?? "20" },
    duration: { type: "string", short: "d", default: process.env.BENCH_DURATION ?? "5" },
    rounds: { type: "string", short: "r", default: process.env.BENCH_ROUNDS ?? "2" },
    warmup: { type: "string", short: "w", default: process.env.BENCH_WARMUP ?? "3" },
    documents: { type: "string", default: process.env.BENCH_DOCUMENTS ?? "100000" },
    "user-batches": { type: "string", default: process.env.BENCH_USER_BATCHES ?? "10" },
    "fanout-users": { type: "string", default: process.env.BENCH_FANOUT_USERS ?? "10000" },
    "webhook-events": { type: "string", default: process.env.BENCH_WEBHOOK_EVENTS ?? "300" },
    only: { type: "string" },
    "live-clients": { type: "string", default: process.env.BENCH_LIVE_CLIENTS ?? "1000,100,1" },
    "live-rounds": { type: "string", default: process.env.BENCH_LIVE_ROUNDS ?? "30" },
    build: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (opts.help) {
  console.log(
    "usage: npm run bench [-- --connections N --duration SECONDS-PER-ROUND --rounds N --warmup SECONDS --documents N --user-batches N --build]",
  );
  console.log("       npm run bench -- --only live [--live-clients 1000,100,1 --live-rounds N --build]");
  process.exit(0);
}
const load = {
  connections: positiveInt(opts.connections, "connections"),
  duration: positiveInt(opts.duration, "duration"),
  rounds: positiveInt(opts.rounds, "rounds"),
  warmup: Number(opts.warmup),
};
const DOCUMENTS = positiveInt(opts.documents, "documents");
const USER_BATCHES = positiveInt(opts["user-batches"], "user-batches");
const FANOUT_USERS = positiveInt(opts["fanout-users"], "fanout-users");
const WEBHOOK_EVENTS = positiveInt(opts["webhook-events"], "webhook-events");
const LIVE = {
  counts: opts["live-clients"].split(",").map((n) => positiveInt(n, "live-clients")),
  rounds: positiveInt(opts["live-rounds"], "live-rounds"),
};
if (opts.only !== undefined && opts.only !== "live") {
  console.error("bench: --only takes `live`");
  process.exit(2);
}
const POOL_MAX = 10; // weft's DATABASE_POOL_MAX default; the raw server gets the same

function positiveInt(v, name) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`bench: --${name} must be a positive integer`);
    process.exit(2);
  }
  return n;
}

const log = (msg) => console.log(`bench: ${msg}`);

function ensureBuild() {
  const state = buildState(root);
  if (opts.build || state === "missing") {
    log(opts.build ? "building (--build)" : "building (.next/BUILD_ID is missing)");
    const status = buildApp(root);
    if (status !== 0) throw new Error(`next build failed (exit ${status})`);
    return "built now";
  }
  if (state === "stale") {
    log("warning: sources changed since the last build; measuring the existing build (use --build for a fresh one)");
    return "existing build (older than sources)";
  }
  return "existing build";
}

async function startServers(databaseUrl) {
  const secretKey = randomBytes(32).toString("hex");
  const [weftPort, rawPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    WEFT_SECRET_KEY: secretKey,
    DATABASE_POOL_MAX: String(POOL_MAX),
  };
  delete env.WEFT_DATA_DIR;
  const weft = startNode("weft", [path.join(root, "server.mjs")], {
    cwd: root,
    env: {
      ...env,
      WEFT_SKIP_BUILD: "true",
      PORT: String(weftPort),
      HOSTNAME: "127.0.0.1",
      WEFT_RATE_LIMIT_CREATE_WORKSPACE: "1000/1",
      WEFT_LOG_LEVEL: "warn",
    },
    logFile: path.join(resultsDir, "weft-server.log"),
  });
  const raw = startNode("raw", [path.join(root, "bench", "raw-server.mjs")], {
    cwd: root,
    env: { ...env, PORT: String(rawPort), HOST: "127.0.0.1" },
    logFile: path.join(resultsDir, "raw-server.log"),
  });
  const weftBase = `http://127.0.0.1:${weftPort}`;
  const rawBase = `http://127.0.0.1:${rawPort}`;
  await waitFor(
    "weft server",
    weft,
    async () => {
      const res = await fetch(`${weftBase}/api/health`);
      return res.status === 200 && (await res.json()).database === "postgresql";
    },
    120_000,
  );
  await waitFor("raw server", raw, async () => (await fetch(`${rawBase}/healthz`)).ok, 30_000);
  log(`weft on ${weftBase} (pid ${weft.pid}), raw on ${rawBase} (pid ${raw.pid})`);
  return { weftBase, rawBase, weftPid: weft.pid };
}

/** Both servers must answer Get Workspace identically, and refuse a wrong token identically, before any load. */
async function checkSameAnswers(weftBase, rawBase, wsHeaders) {
  const [a, b] = await Promise.all([
    post(weftBase, "/v2/workspace/get", {}, wsHeaders),
    post(rawBase, "/v2/workspace/get", {}, wsHeaders),
  ]);
  if (a.status !== 200 || b.status !== 200)
    throw new Error(
      `Get Workspace failed: weft ${a.status} ${JSON.stringify(a.body)}, raw ${b.status} ${JSON.stringify(b.body)}`,
    );
  if (JSON.stringify(shape(a.body)) !== JSON.stringify(shape(b.body))) {
    throw new Error(
      `body shapes differ:\n  weft ${JSON.stringify(shape(a.body))}\n  raw  ${JSON.stringify(shape(b.body))}`,
    );
  }
  const identical = JSON.stringify(a.body) === JSON.stringify(b.body);
  const bad = { ...wsHeaders, "x-service-workspace-auth-token": "0".repeat(64) };
  const [wa, wb] = await Promise.all([
    post(weftBase, "/v2/workspace/get", {}, bad),
    post(rawBase, "/v2/workspace/get", {}, bad),
  ]);
  if (wa.status !== wb.status || JSON.stringify(wa.body) !== JSON.stringify(wb.body)) {
    throw new Error(
      `wrong-token answers differ: weft ${wa.status} ${JSON.stringify(wa.body)}, raw ${wb.status} ${JSON.stringify(wb.body)}`,
    );
  }
  log(
    `Get Workspace bodies ${identical ? "identical" : "same shape"} (${JSON.stringify(a.body).length} bytes); wrong token -> ${wa.status} ${wa.body.error.status} from both`,
  );
  return identical;
}

async function countSql(adminUrl, weftBase, rawBase, wsHeaders) {
  const sql = {};
  for (const [name, base] of [
    ["weft", weftBase],
    ["raw", rawBase],
  ]) {
    sql[name] = await sqlPerCall(adminUrl, 20, async () => {
      const r = await post(base, "/v2/workspace/get", {}, wsHeaders);
      if (r.status !== 200) throw new Error(`${name} Get Workspace -> ${r.status}`);
    });
  }
  if (sql.weft && sql.raw) {
    log(`SQL statements per Get Workspace: weft ${sql.weft.perCall}, raw ${sql.raw.perCall}`);
    for (const [name, s] of Object.entries(sql)) {
      for (const st of s.statements)
        console.log(
          `bench:   ${name.padEnd(4)} ${String(st.perCall).padStart(4)}x  ${st.query.length > 150 ? st.query.slice(0, 147) + "..." : st.query}`,
        );
    }
  }
  return sql;
}

function withRatios(results) {
  const raw = results.find((r) => r.target.startsWith("raw"));
  const floor = results.find((r) => r.target.startsWith("weft floor"));
  return results.map((r) => ({
    ...r,
    ratioToRaw: r.reqPerSec / raw.reqPerSec,
    ratioToFloor: r.reqPerSec / floor.reqPerSec,
    p99RatioToFloor: floor.latencyMs.p99 > 0 ? r.latencyMs.p99 / floor.latencyMs.p99 : null,
  }));
}

function printResults(results, addUsers, pages, seeded) {
  printTable(
    `Requests, best of ${load.rounds} round(s) x ${load.duration} s per target, ${load.connections} connections (Get Documents: 4):`,
    [
      ["target", "req/s", "p50 ms", "p99 ms", "÷ raw", "÷ floor", "p99 ÷ floor", "errors"],
      ...results.map((r) => [
        r.target,
        Math.round(r.reqPerSec),
        fmt(r.latencyMs.p50),
        fmt(r.latencyMs.p99),
        r.ratioToRaw.toFixed(3),
        r.ratioToFloor.toFixed(3),
        r.p99RatioToFloor === null ? "-" : r.p99RatioToFloor.toFixed(2),
        r.unexpected,
      ]),
    ],
  );
  printTable(`Add Users, ${addUsers.batches} batches of ${addUsers.batchSize} users, one after another:`, [
    ["writer", "rows/s", "ms per batch"],
    ["weft POST /v2/users/add", Math.round(addUsers.weft.rowsPerSec), fmt(addUsers.weft.msPerBatch)],
    ["raw multi-row INSERT (pg)", Math.round(addUsers.raw.rowsPerSec), fmt(addUsers.raw.msPerBatch)],
  ]);
  console.log(`Add Users / raw INSERT = ${addUsers.ratioToRaw.toFixed(2)} (target >= 0.50)`);
  console.log(
    `Get Documents p50 page 100 / page 1 = ${pages.p50Ratio.toFixed(2)}, req/s page 1 / page 100 = ${pages.costRatio.toFixed(2)} (target <= 1.5)`,
  );
  console.log(
    `Seeding: ${seeded.documents} documents through Add Documents (batches of 1,000) at ${Math.round(seeded.rowsPerSec)} rows/s\n`,
  );
}

/** The weft targets as single calls (a fresh id per call where the body has one), plus one Add Users of 1,000. */
function explainable(targets, keyHeaders) {
  let n = 0;
  const once = (t) => async () => {
    n += 1;
    const body = t.body.replaceAll("[<id>]", `explain-${n}`);
    const res = await fetch(`${t.base}${t.path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...t.headers },
      body,
    });
    if (!res.ok) throw new Error(`${t.name} -> ${res.status} ${await res.text()}`);
  };
  const weft = targets.filter((t) => t.kind !== "baseline").map((t) => ({ name: t.name, call: once(t) }));
  const addUsers = {
    name: "Add Users (batch of 1,000)",
    base: targets[2].base,
    path: "/v2/users/add",
    headers: keyHeaders,
    body: JSON.stringify({
      data: {
        organizationId: USERS_ORG,
        users: Array.from({ length: 1000 }, (_, i) => ({ userId: `[<id>]-${i}`, name: `User ${i}` })),
      },
    }),
  };
  return [...weft, { name: addUsers.name, call: once(addUsers) }];
}

function printBackground(fanout, webhooks) {
  printTable(`Notification fan-out to ${fanout.users.toLocaleString("en")} users, best of 2:`, [
    ["writer", "ms", "rows/s"],
    ["weft fan-out job", fmt(fanout.weftJob.ms), Math.round(fanout.weftJob.rowsPerSec)],
    [
      "weft end to end (POST -> all rows visible)",
      fmt(fanout.weftEndToEnd.ms),
      Math.round(fanout.weftEndToEnd.rowsPerSec),
    ],
    ["raw client INSERT (pg)", fmt(fanout.raw.ms), Math.round(fanout.raw.rowsPerSec)],
  ]);
  console.log(`fan-out job / raw INSERT = ${fanout.ratioToRaw.toFixed(2)} (target >= 0.50)`);
  printTable(
    `Webhook delivery, ${webhooks.events} events to ${webhooks.endpoints} endpoints (event write -> signed receipt):`,
    [
      ["events/s", "deliveries/s", "p50 ms", "p99 ms"],
      [webhooks.eventsPerSecond, webhooks.deliveriesPerSecond, webhooks.latencyMs.p50, webhooks.latencyMs.p99],
    ],
  );
}

async function runLive(weftBase, weftPid, tenant) {
  const targets = await liveTargets({ root, resultsDir, weftBase, weftPid, tenant });
  log(`live: clients ${LIVE.counts.join(", ")} on one document, ${LIVE.rounds} rounds each, weft and plain in turns`);
  const live = await measureLive(targets, LIVE);
  const summary = liveSummary(live);
  printLive(live, summary);
  return { ...live, ...summary };
}

async function mainLiveOnly() {
  mkdirSync(resultsDir, { recursive: true });
  const build = ensureBuild();
  const adminUrl = startPostgres();
  const databaseUrl = await recreateDatabase(adminUrl);
  const { weftBase, weftPid } = await startServers(databaseUrl);
  const tenant = await seedTenant(weftBase);
  const live = await runLive(weftBase, weftPid, tenant);
  const machine = { loadAverage1m: os.loadavg()[0], cpus: os.cpus().length, node: process.version };
  const report = { date: new Date().toISOString(), machine, build, live };
  writeFileSync(path.join(resultsDir, "live.json"), JSON.stringify(report, null, 2) + "\n");
  log("results written to bench/results/live.json");
  return live.fanout.some((f) => f.rest.missed + f.live.missed > 0) ? 1 : 0;
}

async function main() {
  if (opts.only === "live") return mainLiveOnly();
  mkdirSync(resultsDir, { recursive: true });
  const loadBefore = os.loadavg()[0];
  if (loadBefore > 0.5 * os.cpus().length) {
    log(
      `warning: 1-minute load average is ${loadBefore.toFixed(2)} on ${os.cpus().length} cores before the run; other work will skew the numbers`,
    );
  }
  const build = ensureBuild();
  const adminUrl = startPostgres();
  const databaseUrl = await recreateDatabase(adminUrl);
  log(`database ${databaseUrl}`);
  const { weftBase, rawBase, weftPid } = await startServers(databaseUrl);

  const tenant = await seedTenant(weftBase);
  log(`seeded workspace ${tenant.workspace.id}, API key ${tenant.apiKeyId}`);
  const identical = await checkSameAnswers(weftBase, rawBase, tenant.wsHeaders);
  const sql = await countSql(adminUrl, weftBase, rawBase, tenant.wsHeaders);

  log(`Add Users: ${USER_BATCHES} x 1,000 users through weft, then the same rows through a raw INSERT`);
  const addUsers = await measureAddUsers({
    base: weftBase,
    keyHeaders: tenant.keyHeaders,
    databaseUrl,
    apiKeyId: tenant.apiKeyId,
    batches: USER_BATCHES,
  });
  log(`seeding ${DOCUMENTS} documents through Add Documents`);
  const seeded = await seedDocuments(weftBase, tenant.keyHeaders, DOCUMENTS);
  const deepPage = Math.min(100, Math.floor(DOCUMENTS / 1000));
  const page100Body = await bodyOfPage(weftBase, tenant.keyHeaders, deepPage);
  await postOk(
    weftBase,
    "/v2/crdt/add",
    { organizationId: CRDT_ORG, documentId: CRDT_DOC, editorId: "editor", type: "text", data: "Hello from the bench" },
    tenant.keyHeaders,
  );

  const targets = requestTargets({
    rawBase,
    weftBase,
    wsHeaders: tenant.wsHeaders,
    keyHeaders: tenant.keyHeaders,
    page100Body,
  });
  log(
    `load: autocannon -c ${load.connections}, ${load.rounds} round(s) of ${load.duration} s per target, in turns, after ${load.warmup} s of warm-up each, 127.0.0.1`,
  );
  const results = withRatios(await loadInTurns(targets, load));
  const page1 = results.find((r) => r.target.startsWith("Get Documents page 1 "));
  const page100 = results.find((r) => r.target.startsWith("Get Documents page 100"));
  const pages = {
    page: deepPage,
    p50Ratio: page100.latencyMs.p50 / page1.latencyMs.p50,
    costRatio: page1.reqPerSec / page100.reqPerSec,
  };
  printResults(results, addUsers, pages, seeded);

  await new Promise((r) => setTimeout(r, 2000)); // requests still queued when the load stopped finish first
  const explained = await explainTargets({
    adminUrl,
    databaseUrl,
    database: BENCH_DB,
    targets: explainable(targets, tenant.keyHeaders),
  });
  writeFileSync(path.join(resultsDir, "explain.md"), explainMarkdown(explained));
  log(`query plans of every statement per request written to bench/results/explain.md`);

  log(`notification fan-out to ${FANOUT_USERS} users (bench/notification-fanout.mjs)`);
  const fanout = measureFanout(root, FANOUT_USERS);
  log(`webhook delivery: ${WEBHOOK_EVENTS} events to 10 endpoints (bench/webhook-delivery.mjs)`);
  const webhooks = measureWebhooks(root, 10, WEBHOOK_EVENTS);
  printBackground(fanout, webhooks);
  const live = await runLive(weftBase, weftPid, tenant);

  const report = {
    date: new Date().toISOString(),
    machine: {
      loadAverage1mBefore: loadBefore,
      loadAverage1mAfter: os.loadavg()[0],
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    config: {
      ...load,
      reported: "best round per target",
      poolMax: POOL_MAX,
      database: "PostgreSQL (scripts/postgres.sh, fsync off)",
      build,
      documents: DOCUMENTS,
    },
    getWorkspaceBodiesIdentical: identical,
    sqlPerGetWorkspace: sql,
    requests: results,
    addUsers,
    documentPages: pages,
    seeding: seeded,
    notificationFanout: fanout,
    webhookDelivery: webhooks,
    live,
  };
  writeFileSync(path.join(resultsDir, "latest.json"), JSON.stringify(report, null, 2) + "\n");
  log("results written to bench/results/latest.json");
  const liveMissed = live.fanout.some((f) => f.rest.missed + f.live.missed > 0);
  return results.some((r) => r.unexpected > 0) || liveMissed ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(`bench: failed: ${e instanceof Error ? e.stack : e}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
