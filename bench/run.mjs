#!/usr/bin/env node
// `npm run bench`: weft in both database modes, in one run. Each hot read (Get Workspace, Get Users, Get Documents,
// Get CRDT Data) against its raw twin measured in the same run on the same database, with autocannon on
// 127.0.0.1: a node:http + pg server running the same statement and sending the same bytes (bench/raw-server.mjs).
// PostgreSQL mode also: Add Users of 1,000 against a raw multi-row INSERT, Get Documents at page 1 vs page 100,
// background work, and live collaboration against a plain Hocuspocus server and one with its database extension
// (bench/live.mjs). Embedded mode: the same build with no DATABASE_URL on a fresh data directory (weft's own
// PostgreSQL). Both: a concurrency sweep of Get Workspace, the server's RSS and the PSS of all its processes.
// See bench/README.md.
//
//   npm run bench [-- --connections 20 --duration 5 --rounds 2 --warmup 3 --documents 100000 --build]
//   npm run bench -- --only get-workspace,sweep --quick        one target (and the sweep), both modes, < 2 min
//   npm run bench -- --profile get-workspace [--mode embedded]  CPU profile of the server under that load
//   npm run bench -- --profile live [--live-clients 100 --live-rounds 10]  the same over the live benchmark
//   npm run bench -- --only live [--live-clients 1000,100,1 --live-rounds 30]
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildApp, buildState } from "../scripts/build-state.mjs";
import { post, postOk } from "./lib/http.mjs";
import { explainMarkdown, explainTargets } from "./lib/explain.mjs";
import { loadInTurns } from "./lib/load.mjs";
import { analyze, BENCH_DB, dropDatabase, recreateDatabase, sqlPerCall, startPostgres } from "./lib/postgres.mjs";
import { cleanup, freePort, onCleanup, startNode, stopChild, waitFor } from "./lib/processes.mjs";
import { byScript, profileFiles, readProfile, selfTimes } from "./lib/profile.mjs";
import { pssTreeMb, rssMb, sampleRss } from "./lib/rss.mjs";
import { fmt, printTable } from "./lib/table.mjs";
import { measureLive } from "./live.mjs";
import { liveSummary, printLive } from "./live-report.mjs";
import { liveTargets } from "./live-targets.mjs";
import { measureAddUsers, seedUsers, USERS_ORG } from "./scenarios/add-users.mjs";
import { measureFanout, measureWebhooks } from "./scenarios/background-work.mjs";
import { bodyOfPage, seedDocuments } from "./scenarios/document-pages.mjs";
import { goalRows } from "./scenarios/goals.mjs";
import { seedNotifications } from "./scenarios/notifications.mjs";
import {
  CRDT_DOC,
  CRDT_ORG,
  EMBEDDED_TARGETS,
  isBaseline,
  RAW_TWIN,
  requestTargets,
  TARGET_IDS,
} from "./scenarios/request-targets.mjs";
import { seedTenant } from "./scenarios/seed.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = path.join(root, "bench", "results");
process.chdir(root);

const { values: opts } = parseArgs({
  options: {
    connections: { type: "string", short: "c", default: process.env.BENCH_CONNECTIONS ?? "20" },
    duration: { type: "string", short: "d", default: process.env.BENCH_DURATION },
    rounds: { type: "string", short: "r", default: process.env.BENCH_ROUNDS },
    warmup: { type: "string", short: "w", default: process.env.BENCH_WARMUP },
    documents: { type: "string", default: process.env.BENCH_DOCUMENTS },
    "embedded-documents": { type: "string", default: process.env.BENCH_EMBEDDED_DOCUMENTS },
    "user-batches": { type: "string", default: process.env.BENCH_USER_BATCHES },
    "fanout-users": { type: "string", default: process.env.BENCH_FANOUT_USERS ?? "10000" },
    "webhook-events": { type: "string", default: process.env.BENCH_WEBHOOK_EVENTS ?? "300" },
    sweep: { type: "string", default: process.env.BENCH_SWEEP ?? "1,16,64" },
    mode: { type: "string", default: process.env.BENCH_MODE ?? "both" },
    only: { type: "string" },
    quick: { type: "boolean", default: false },
    profile: { type: "string" },
    "live-clients": { type: "string", default: process.env.BENCH_LIVE_CLIENTS ?? "1000,100,1" },
    "live-rounds": { type: "string", default: process.env.BENCH_LIVE_ROUNDS ?? "30" },
    build: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
const PARTS = ["add-users", "explain", "sweep", "fanout", "webhooks", "live"];
if (opts.help) {
  console.log(
    "usage: npm run bench [-- --connections N --duration SECONDS-PER-ROUND --rounds N --warmup SECONDS --documents N --user-batches N --mode both|postgresql|embedded --build]",
  );
  console.log("       npm run bench -- --only <names> [--quick]   names, comma-separated:");
  console.log(`         targets ${TARGET_IDS.join(", ")}; parts ${PARTS.join(", ")}`);
  console.log("       npm run bench -- --profile <target> [--mode ...] [--duration SECONDS]");
  console.log("       npm run bench -- --only live [--live-clients 1000,100,1 --live-rounds N --build]");
  process.exit(0);
}
// --quick: short rounds and a small data set, background work and live left out unless named in --only.
const quick = opts.quick;
const load = {
  connections: positiveInt(opts.connections, "connections"),
  duration: positiveInt(opts.duration ?? (quick ? "2" : "5"), "duration"),
  rounds: positiveInt(opts.rounds ?? (quick ? "1" : "2"), "rounds"),
  warmup: Number(opts.warmup ?? (quick ? "1" : "3")),
};
const DOCUMENTS = positiveInt(opts.documents ?? (quick ? "5000" : "100000"), "documents");
const EMBEDDED_DOCUMENTS = positiveInt(opts["embedded-documents"] ?? String(DOCUMENTS), "embedded-documents");
const NOTIFICATIONS = quick ? 500 : 2000;
const USER_BATCHES = positiveInt(opts["user-batches"] ?? (quick ? "2" : "10"), "user-batches");
const FANOUT_USERS = positiveInt(opts["fanout-users"], "fanout-users");
const WEBHOOK_EVENTS = positiveInt(opts["webhook-events"], "webhook-events");
const SWEEP = opts.sweep.split(",").map((n) => positiveInt(n, "sweep"));
const LIVE = {
  counts: opts["live-clients"].split(",").map((n) => positiveInt(n, "live-clients")),
  rounds: positiveInt(opts["live-rounds"], "live-rounds"),
};
const MODES = { both: ["postgresql", "embedded"], postgresql: ["postgresql"], embedded: ["embedded"] }[opts.mode];
if (!MODES) usageError("--mode takes both, postgresql or embedded");
const only = opts.only === undefined ? null : new Set(opts.only.split(",").map((n) => n.trim()));
for (const name of only ?? []) {
  if (!TARGET_IDS.includes(name) && !PARTS.includes(name)) usageError(`--only: unknown name ${name}`);
}
if (opts.profile !== undefined && opts.profile !== "live" && !TARGET_IDS.includes(opts.profile))
  usageError(`--profile takes live or one of ${TARGET_IDS.join(", ")}`);
/**
 * Whether a target or part runs: the --profile target alone, or named in --only, or (no --only) everything but
 * what --quick leaves out.
 */
const selected = (name) => {
  if (opts.profile !== undefined) return name === opts.profile;
  if (name === "floor") return only?.has(name) ?? false; // the framework floor: only when named
  return only ? only.has(name) : !(quick && ["explain", "fanout", "webhooks", "live"].includes(name));
};
const SECRET_KEY = randomBytes(32).toString("hex"); // weft's and the raw server's: the raw one decrypts weft's rows
const POOL_MAX = 10; // weft's DATABASE_POOL_MAX default; the raw server gets the same

function usageError(msg) {
  console.error(`bench: ${msg}`);
  process.exit(2);
}

function positiveInt(v, name) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) usageError(`--${name} must be a positive integer`);
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

/**
 * Starts the built server: on PostgreSQL (`databaseUrl`), or embedded (null: no DATABASE_URL, a fresh data
 * directory, removed at the end). `cpuProfDir`: run it under `node --cpu-prof`, the profile written there on exit.
 */
async function startWeft(databaseUrl, { cpuProfDir } = {}) {
  const mode = databaseUrl ? "postgresql" : "embedded";
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    WEFT_SECRET_KEY: SECRET_KEY,
    DATABASE_POOL_MAX: String(POOL_MAX),
    WEFT_SKIP_BUILD: "true",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    WEFT_RATE_LIMIT_CREATE_WORKSPACE: "1000/1",
    WEFT_LOG_LEVEL: "warn",
  };
  let dataDir = null;
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
    delete env.WEFT_DATA_DIR;
  } else {
    delete env.DATABASE_URL;
    dataDir = mkdtempSync(path.join(os.tmpdir(), "weft-bench-embedded-"));
    onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
    env.WEFT_DATA_DIR = dataDir;
  }
  const args = cpuProfDir ? ["--cpu-prof", "--cpu-prof-dir", cpuProfDir] : [];
  const spawnedAtMs = Date.now();
  const child = startNode(`weft (${mode})`, [...args, path.join(root, "server.mjs")], {
    cwd: root,
    env,
    logFile: path.join(resultsDir, `weft-server-${mode}.log`),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    `weft server (${mode})`,
    child,
    async () => {
      const res = await fetch(`${base}/api/health`);
      return res.status === 200 && (await res.json()).database === mode;
    },
    180_000,
  );
  log(`weft (${mode}) on ${base} (pid ${child.pid})`);
  // Embedded: the database the server started, reached by the raw server through the same socket.
  const ownDatabaseUrl = dataDir
    ? JSON.parse(readFileSync(path.join(dataDir, "server.json"), "utf8")).databaseUrl
    : databaseUrl;
  return { base, child, pid: child.pid, mode, spawnedAtMs, databaseUrl: ownDatabaseUrl };
}

async function startRaw(databaseUrl, mode) {
  const port = await freePort();
  const raw = startNode("raw", [path.join(root, "bench", "raw-server.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      WEFT_SECRET_KEY: SECRET_KEY,
      DATABASE_POOL_MAX: String(POOL_MAX),
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    logFile: path.join(resultsDir, `raw-server-${mode}.log`),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor("raw server", raw, async () => (await fetch(`${base}/healthz`)).ok, 30_000);
  log(`raw on ${base} (pid ${raw.pid})`);
  return { base, child: raw };
}

/**
 * Before any load, weft and its raw twin must send the same bytes for each hot read (the seeded data), and refuse
 * a wrong workspace token with the same envelope.
 */
async function checkSameBytes(targets, wsHeaders) {
  const postText = async (t, headers = t.headers) => {
    const res = await fetch(`${t.base}${t.path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: t.body,
    });
    return { status: res.status, text: await res.text() };
  };
  const checked = {};
  for (const t of targets.filter((x) => x.raw)) {
    const twin = targets.find((x) => x.id === t.raw);
    if (!twin) continue;
    const [a, b] = await Promise.all([postText(t), postText(twin)]);
    if (a.status !== 200 || a.status !== b.status || a.text !== b.text) {
      throw new Error(
        `${t.name}: weft and raw answer differently:\n  weft ${a.status} ${a.text.slice(0, 400)}\n  raw  ${b.status} ${b.text.slice(0, 400)}`,
      );
    }
    checked[t.id] = a.text.length;
    log(`${t.name}: weft and raw send the same ${a.text.length} bytes`);
  }
  const gw = targets.find((x) => x.id === "get-workspace");
  const raw = targets.find((x) => x.id === "raw");
  if (gw && raw) {
    const bad = { ...wsHeaders, "x-service-workspace-auth-token": "0".repeat(64) };
    const [a, b] = await Promise.all([postText(gw, bad), postText(raw, bad)]);
    if (a.status !== b.status || a.text !== b.text) {
      throw new Error(`wrong-token answers differ: weft ${a.status} ${a.text}, raw ${b.status} ${b.text}`);
    }
    log(`wrong workspace token -> ${a.status} from both, same bytes`);
  }
  return checked;
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
    base: targets.find((t) => t.kind !== "baseline").base,
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

async function runLive(weftBase, weftPid, tenant, adminUrl) {
  // Hocuspocus's database extension persists into a database of its own on the same PostgreSQL.
  const hocuspocusDatabaseUrl = await recreateDatabase(adminUrl, "weft_bench_hocuspocus");
  onCleanup(() => dropDatabase(adminUrl, "weft_bench_hocuspocus"));
  const targets = await liveTargets({ root, resultsDir, weftBase, weftPid, tenant, hocuspocusDatabaseUrl });
  log(`live: clients ${LIVE.counts.join(", ")} on one document, ${LIVE.rounds} rounds each, weft and plain in turns`);
  const live = await measureLive(targets, LIVE);
  const summary = liveSummary(live);
  printLive(live, summary);
  return { ...live, ...summary };
}

/** Each weft target beside its raw twin (same statement, same bytes): req/s and p99 as ratios of the twin's. */
function withRatios(results) {
  const floor = results.find((r) => r.id === "floor");
  return results.map((r) => {
    const raw = RAW_TWIN[r.id] && results.find((x) => x.id === RAW_TWIN[r.id]);
    return {
      ...r,
      ratioToRaw: raw ? r.reqPerSec / raw.reqPerSec : null,
      p99RatioToRaw: raw && raw.latencyMs.p99 > 0 ? r.latencyMs.p99 / raw.latencyMs.p99 : null,
      ratioToFloor: floor && !isBaseline(r.id) ? r.reqPerSec / floor.reqPerSec : null,
      cpuRatioToRaw: raw && raw.cpuMsPerCall && r.cpuMsPerCall !== null ? r.cpuMsPerCall / raw.cpuMsPerCall : null,
    };
  });
}

const ratio = (v, digits) => (v === null || v === undefined ? "-" : v.toFixed(digits));

function printRequests(mode, results) {
  printTable(
    `${mode}: requests, best of ${load.rounds} round(s) x ${load.duration} s per target, ${load.connections} connections (Get Documents: 4):`,
    [
      ["target", "req/s", "p50 ms", "p99 ms", "÷ raw", "p99 ÷ raw", "÷ floor", "CPU ms/call", "CPU ÷ raw", "errors"],
      ...results.map((r) => [
        r.target,
        Math.round(r.reqPerSec),
        fmt(r.latencyMs.p50),
        fmt(r.latencyMs.p99),
        ratio(r.ratioToRaw, 3),
        ratio(r.p99RatioToRaw, 2),
        ratio(r.ratioToFloor, 3),
        ratio(r.cpuMsPerCall, 2),
        ratio(r.cpuRatioToRaw, 2),
        r.unexpected,
      ]),
    ],
  );
}

/** Get Workspace and its raw twin at each connection count of the sweep, in turns (one round each). */
async function concurrencySweep(targets) {
  const pair = targets.filter((t) => t.id === "raw" || t.id === "get-workspace");
  const rows = [];
  for (const connections of SWEEP) {
    const results = await loadInTurns(
      pair.map((t) => ({ ...t, connections })),
      { connections, duration: load.duration, rounds: 1, warmup: Math.min(load.warmup, 1) },
    );
    const [raw, gw] = ["raw", "get-workspace"].map((id) => results.find((r) => r.id === id));
    rows.push({
      connections,
      raw: { reqPerSec: raw.reqPerSec, latencyMs: raw.latencyMs },
      getWorkspace: { reqPerSec: gw.reqPerSec, latencyMs: gw.latencyMs },
      ratioToRaw: gw.reqPerSec / raw.reqPerSec,
      p99RatioToRaw: raw.latencyMs.p99 > 0 ? gw.latencyMs.p99 / raw.latencyMs.p99 : null,
      unexpected: raw.unexpected + gw.unexpected,
    });
  }
  return rows;
}

function printSweep(mode, sweep) {
  printTable(
    `${mode}: Get Workspace by connection count (${load.duration} s each, after its raw twin at the same count):`,
    [
      ["connections", "raw req/s", "raw p99", "Get Workspace req/s", "p50 ms", "p99 ms", "÷ raw", "p99 ÷ raw"],
      ...sweep.map((s) => [
        s.connections,
        Math.round(s.raw.reqPerSec),
        fmt(s.raw.latencyMs.p99),
        Math.round(s.getWorkspace.reqPerSec),
        fmt(s.getWorkspace.latencyMs.p50),
        fmt(s.getWorkspace.latencyMs.p99),
        s.ratioToRaw.toFixed(3),
        ratio(s.p99RatioToRaw, 2),
      ]),
    ],
  );
}

/** The target ids a mode loads: the selected ones it supports, each hot read with its raw twin. */
function targetIdsFor(mode) {
  const supported = TARGET_IDS.filter((id) => mode === "postgresql" || EMBEDDED_TARGETS.has(id));
  const wanted = supported.filter((id) => selected(id) || (id === "get-workspace" && selected("sweep")));
  const twins = wanted.map((id) => RAW_TWIN[id]).filter(Boolean);
  return new Set(TARGET_IDS.filter((id) => wanted.includes(id) || twins.includes(id)));
}

/** Seeds what the targets in `ids` read; returns what the PostgreSQL-only parts report on. */
async function seedFor(ids, weft, tenant, { databaseUrl }) {
  const facts = {};
  if (ids.has("get-users") || (databaseUrl && selected("add-users"))) {
    if (databaseUrl) {
      log(`Add Users: ${USER_BATCHES} x 1,000 users through weft, then the same rows through a raw INSERT`);
      facts.addUsers = await measureAddUsers({
        base: weft.base,
        keyHeaders: tenant.keyHeaders,
        databaseUrl,
        apiKeyId: tenant.apiKeyId,
        batches: USER_BATCHES,
      });
    } else {
      log(`seeding ${USER_BATCHES} x 1,000 users through Add Users`);
      facts.seededUsers = await seedUsers(weft.base, tenant.keyHeaders, USER_BATCHES);
    }
  }
  const documents = databaseUrl ? DOCUMENTS : EMBEDDED_DOCUMENTS;
  if (ids.has("get-documents-1") || ids.has("get-documents-100")) {
    log(`seeding ${documents} documents through Add Documents`);
    facts.seeded = await seedDocuments(weft.base, tenant.keyHeaders, documents);
  }
  if (ids.has("get-documents-100")) {
    facts.deepPage = Math.min(100, Math.floor(documents / 1000));
    facts.page100Body = await bodyOfPage(weft.base, tenant.keyHeaders, facts.deepPage);
  }
  if (ids.has("get-crdt-data")) {
    await postOk(
      weft.base,
      "/v2/crdt/add",
      {
        organizationId: CRDT_ORG,
        documentId: CRDT_DOC,
        editorId: "editor",
        type: "text",
        data: "Hello from the bench",
      },
      tenant.keyHeaders,
    );
  }
  if (ids.has("get-notifications")) {
    log(`seeding ${NOTIFICATIONS} notifications through Add Notifications`);
    facts.seededNotifications = await seedNotifications(weft.base, tenant.keyHeaders, NOTIFICATIONS);
  }
  facts.documents = documents;
  return facts;
}

/** One mode, start to stop: its server(s), seeding, the request loads, the sweep, RSS; PostgreSQL also the rest. */
async function measureMode(mode) {
  const ids = targetIdsFor(mode);
  const pgParts = mode === "postgresql" && ["add-users", "explain", "fanout", "webhooks", "live"].some(selected);
  if (ids.size === 0 && !pgParts) return null;
  let adminUrl = null;
  let databaseUrl = null;
  if (mode === "postgresql") {
    adminUrl = startPostgres();
    databaseUrl = await recreateDatabase(adminUrl);
    log(`database ${databaseUrl}`);
  }
  const weft = await startWeft(databaseUrl);
  // Idle: start-up's own allocations settle and the pool closes the connections start-up used (10 s idle timeout).
  await new Promise((r) => setTimeout(r, 12_000));
  const idle = pssTreeMb(weft.pid);
  const rss = { idleAfterStartMb: rssMb(weft.pid), idleAfterStartPssMb: idle.mb, processes: idle.processes };
  log(
    `${mode}: idle after start: ${fmt(idle.mb)} MB PSS over ${idle.processes} process(es) (server RSS ${fmt(rss.idleAfterStartMb)} MB)`,
  );
  const needsRaw = [...ids].some((id) => isBaseline(id) && id !== "floor");
  const raw = needsRaw ? await startRaw(weft.databaseUrl, mode) : null;
  const tenant = await seedTenant(weft.base);
  log(`seeded workspace ${tenant.workspace.id}, API key ${tenant.apiKeyId}`);
  const out = { mode };
  if (raw && adminUrl && ids.has("raw")) {
    out.sqlPerGetWorkspace = await countSql(adminUrl, weft.base, raw.base, tenant.wsHeaders);
  }
  const facts = await seedFor(ids, weft, tenant, { databaseUrl });
  await analyze(weft.databaseUrl);
  Object.assign(out, { addUsers: facts.addUsers, seeding: facts.seeded, seededUsers: facts.seededUsers });
  const targets = requestTargets({
    rawBase: raw?.base ?? null,
    weftBase: weft.base,
    wsHeaders: tenant.wsHeaders,
    keyHeaders: tenant.keyHeaders,
    page100Body: facts.page100Body,
    documents: facts.documents,
    ids,
  });
  // Whose CPU a target's calls cost: the raw twins' is the raw server's, every other target's (the floor too) weft's.
  for (const t of targets) t.pid = t.kind === "baseline" && t.base === raw?.base ? raw.child.pid : weft.pid;
  rss.idleSeededMb = rssMb(weft.pid);
  rss.idleSeededPssMb = pssTreeMb(weft.pid).mb;
  if (raw) out.identicalBytes = await checkSameBytes(targets, tenant.wsHeaders);
  if (ids.size > 0) {
    log(
      `${mode}: autocannon -c ${load.connections}, ${load.rounds} round(s) of ${load.duration} s per target, in turns, after ${load.warmup} s of warm-up each, 127.0.0.1`,
    );
    const stopSampling = sampleRss(weft.pid);
    out.requests = withRatios(await loadInTurns(targets, load));
    if (selected("sweep")) out.sweep = await concurrencySweep(targets);
    rss.underLoadPeakMb = stopSampling();
    printRequests(mode, out.requests);
    if (out.sweep) printSweep(mode, out.sweep);
    const page1 = out.requests.find((r) => r.id === "get-documents-1");
    const page100 = out.requests.find((r) => r.id === "get-documents-100");
    if (page1 && page100) {
      out.documentPages = {
        page: facts.deepPage,
        p50Ratio: page100.latencyMs.p50 / page1.latencyMs.p50,
        costRatio: page1.reqPerSec / page100.reqPerSec,
      };
      console.log(
        `Get Documents p50 page ${facts.deepPage} / page 1 = ${out.documentPages.p50Ratio.toFixed(2)}, req/s page 1 / page ${facts.deepPage} = ${out.documentPages.costRatio.toFixed(2)} (target <= 1.5)`,
      );
    }
    await new Promise((r) => setTimeout(r, 2000)); // requests still queued when the load stopped finish first
    rss.idleAfterLoadMb = rssMb(weft.pid);
    rss.idleAfterLoadPssMb = pssTreeMb(weft.pid).mb;
  }
  out.rss = rss;
  log(
    `${mode}: server RSS ${fmt(rss.idleAfterStartMb)} MB idle after start, ${fmt(rss.idleSeededMb)} MB seeded, peak ${fmt(rss.underLoadPeakMb)} MB under load, ${fmt(rss.idleAfterLoadMb)} MB idle after`,
  );
  log(
    `${mode}: PSS of all its processes ${fmt(rss.idleAfterStartPssMb)} MB idle after start, ${fmt(rss.idleSeededPssMb)} MB seeded, ${fmt(rss.idleAfterLoadPssMb)} MB idle after load`,
  );
  if (out.addUsers) printAddUsers(out.addUsers);
  if (mode === "postgresql") {
    if (selected("explain") && ids.size > 0) {
      const explained = await explainTargets({
        adminUrl,
        databaseUrl,
        database: BENCH_DB,
        targets: explainable(targets, tenant.keyHeaders),
      });
      writeFileSync(path.join(resultsDir, "explain.md"), explainMarkdown(explained));
      log(`query plans of every statement per request written to bench/results/explain.md`);
    }
    if (selected("fanout")) {
      log(`notification fan-out to ${FANOUT_USERS} users (bench/notification-fanout.mjs)`);
      out.notificationFanout = measureFanout(root, FANOUT_USERS);
    }
    if (selected("webhooks")) {
      log(`webhook delivery: ${WEBHOOK_EVENTS} events to 10 endpoints (bench/webhook-delivery.mjs)`);
      out.webhookDelivery = measureWebhooks(root, 10, WEBHOOK_EVENTS);
    }
    if (out.notificationFanout && out.webhookDelivery) printBackground(out.notificationFanout, out.webhookDelivery);
    if (selected("live")) out.live = await runLive(weft.base, weft.pid, tenant, adminUrl);
  }
  await Promise.all([stopChild(weft.child), raw && stopChild(raw.child)]);
  return out;
}

function printAddUsers(addUsers) {
  printTable(`Add Users, ${addUsers.batches} batches of ${addUsers.batchSize} users, one after another:`, [
    ["writer", "rows/s", "ms per batch"],
    ["weft POST /v2/users/add", Math.round(addUsers.weft.rowsPerSec), fmt(addUsers.weft.msPerBatch)],
    ["raw multi-row INSERT (pg)", Math.round(addUsers.raw.rowsPerSec), fmt(addUsers.raw.msPerBatch)],
  ]);
  console.log(`Add Users / raw INSERT = ${addUsers.ratioToRaw.toFixed(2)} (target >= 0.50)`);
}

/** `--profile <target>`: per mode, the server under `node --cpu-prof`, loaded with that target alone. */
async function profileMode(mode, id) {
  const ids = new Set([id]);
  if (mode === "embedded" && !EMBEDDED_TARGETS.has(id)) {
    log(`--profile ${id}: not measured in embedded mode, skipped`);
    return null;
  }
  if (isBaseline(id)) usageError(`--profile ${id}: a baseline is not weft`);
  let databaseUrl = null;
  if (mode === "postgresql") databaseUrl = await recreateDatabase(startPostgres());
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const dir = path.join(resultsDir, `profile-${id}-${mode}-${stamp}`);
  mkdirSync(dir, { recursive: true });
  const weft = await startWeft(databaseUrl, { cpuProfDir: dir });
  const tenant = await seedTenant(weft.base);
  const facts = await seedFor(ids, weft, tenant, { databaseUrl });
  await analyze(weft.databaseUrl);
  const [target] = requestTargets({
    rawBase: null,
    weftBase: weft.base,
    wsHeaders: tenant.wsHeaders,
    keyHeaders: tenant.keyHeaders,
    page100Body: facts.page100Body,
    documents: facts.documents,
    ids,
  });
  const seconds = Math.max(load.duration, 10);
  await loadInTurns([target], { ...load, rounds: 0 }); // warm-up only
  const fromMs = Date.now();
  const [result] = await loadInTurns([target], { ...load, duration: seconds, rounds: 1, warmup: 0 });
  const toMs = Date.now();
  const label = `${target.name} under node --cpu-prof, ${seconds} s at ${load.connections} connections: ${Math.round(result.reqPerSec)} req/s (profiling slows it)`;
  const summary = await summariseProfile({ weft, dir, mode, label, fromMs, toMs });
  Object.assign(summary, { target: id, seconds, connections: load.connections, reqPerSec: result.reqPerSec });
  writeFileSync(path.join(dir, "top-frames.json"), JSON.stringify(summary, null, 2) + "\n");
  return summary;
}

/**
 * Stops the profiled server (SIGTERM: weft exits cleanly, which writes the profile), prints the top self-time
 * frames and the self time per script of the samples in [fromMs, toMs], and writes them to top-frames.json.
 */
async function summariseProfile({ weft, dir, mode, label, fromMs, toMs }) {
  await stopChild(weft.child);
  const files = profileFiles(dir);
  if (files.length === 0) throw new Error(`no .cpuprofile written to ${dir}; see ${weft.child.logFile}`);
  const threads = files.map(({ file, threadId }) => {
    const t = selfTimes(readProfile(file), { spawnedAtMs: weft.spawnedAtMs, fromMs, toMs, root });
    return {
      file: path.relative(root, file),
      threadId,
      totalMs: t.totalMs,
      top: t.frames.slice(0, 40),
      scripts: byScript(t.frames),
    };
  });
  console.log(`\n${mode}: ${label}`);
  for (const t of threads) {
    const busy = t.top.filter((f) => f.function !== "(idle)");
    printTable(
      `${mode}, thread ${t.threadId} (${t.file}): top 20 self-time frames over the load window, ${fmt(t.totalMs)} ms sampled`,
      [
        ["function", "script", "self ms", "share"],
        ...busy
          .slice(0, 20)
          .map((f) => [f.function.slice(0, 60), f.script.slice(0, 60), fmt(f.ms), `${(f.share * 100).toFixed(1)} %`]),
      ],
    );
    printTable(`${mode}, thread ${t.threadId}: self time by script`, [
      ["script", "self ms", "share"],
      ...t.scripts.slice(0, 15).map((s) => [s.script.slice(0, 70), fmt(s.ms), `${(s.share * 100).toFixed(1)} %`]),
    ]);
  }
  const summary = { mode, threads };
  writeFileSync(path.join(dir, "top-frames.json"), JSON.stringify(summary, null, 2) + "\n");
  log(
    `profile kept in ${path.relative(root, dir)} (open the .cpuprofile in Chrome DevTools; top-frames.json beside it)`,
  );
  return summary;
}

async function mainProfile() {
  if (opts.profile === "live") return mainLiveOnly({ profile: true });
  mkdirSync(resultsDir, { recursive: true });
  ensureBuild();
  for (const mode of MODES) await profileMode(mode, opts.profile);
  return 0;
}

/** `--only live` alone; `--profile live`: the same with weft under `node --cpu-prof`, summarised over the whole run. */
async function mainLiveOnly({ profile = false } = {}) {
  mkdirSync(resultsDir, { recursive: true });
  const build = ensureBuild();
  const adminUrl = startPostgres();
  const databaseUrl = await recreateDatabase(adminUrl);
  const dir =
    profile && path.join(resultsDir, `profile-live-postgresql-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  if (dir) mkdirSync(dir, { recursive: true });
  const weft = await startWeft(databaseUrl, dir ? { cpuProfDir: dir } : {});
  const tenant = await seedTenant(weft.base);
  const fromMs = Date.now();
  const live = await runLive(weft.base, weft.pid, tenant, adminUrl);
  if (dir) {
    const label = `the live benchmark (clients ${LIVE.counts.join(", ")}, ${LIVE.rounds} rounds, then updates/s) under node --cpu-prof`;
    await summariseProfile({ weft, dir, mode: "postgresql", label, fromMs, toMs: Date.now() });
  }
  const machine = { loadAverage1m: os.loadavg()[0], cpus: os.cpus().length, node: process.version };
  const report = { date: new Date().toISOString(), machine, build, live };
  writeFileSync(path.join(resultsDir, "live.json"), JSON.stringify(report, null, 2) + "\n");
  log("results written to bench/results/live.json");
  return live.fanout.some((f) => f.rest.missed + f.live.missed > 0) ? 1 : 0;
}

async function main() {
  if (opts.profile !== undefined) return mainProfile();
  if (only?.size === 1 && only.has("live")) return mainLiveOnly();
  mkdirSync(resultsDir, { recursive: true });
  const loadBefore = os.loadavg()[0];
  if (loadBefore > 0.5 * os.cpus().length) {
    log(
      `warning: 1-minute load average is ${loadBefore.toFixed(2)} on ${os.cpus().length} cores before the run; other work will skew the numbers`,
    );
  }
  const build = ensureBuild();
  const modes = {};
  for (const mode of MODES) modes[mode] = await measureMode(mode);
  const goals = goalRows(modes);
  if (goals.length) {
    printTable("Goals (issue 30), both modes measured in this run:", [
      ["goal", "PostgreSQL", "embedded", "goal", "verdict"],
      ...goals.map((g) => [g.name, g.postgresql ?? "-", g.embedded ?? "-", g.goal, g.verdict]),
    ]);
  }
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
      database: "PostgreSQL (scripts/postgres.sh, fsync off) and weft's embedded PostgreSQL (fresh WEFT_DATA_DIR)",
      build,
      documents: DOCUMENTS,
      embeddedDocuments: EMBEDDED_DOCUMENTS,
      sweep: SWEEP,
      only: only ? [...only] : null,
      quick,
    },
    modes,
    goals,
  };
  writeFileSync(path.join(resultsDir, "latest.json"), JSON.stringify(report, null, 2) + "\n");
  log("results written to bench/results/latest.json");
  const bad = Object.values(modes).some(
    (m) =>
      m &&
      ((m.requests ?? []).some((r) => r.unexpected > 0) ||
        (m.sweep ?? []).some((s) => s.unexpected > 0) ||
        (m.live?.fanout ?? []).some((f) => f.rest.missed + f.live.missed > 0)),
  );
  return bad ? 1 : 0;
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
