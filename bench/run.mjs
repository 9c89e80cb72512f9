#!/usr/bin/env node
// `npm run bench`: Get Workspace through weft vs. a raw node:http + pg handler doing the same SQL work,
// measured in the same run, on the same PostgreSQL, with autocannon on 127.0.0.1. See bench/README.md.
//
//   npm run bench [-- --connections 20 --duration 5 --rounds 2 --warmup 3 --build]
//
// Steps: build if .next/BUILD_ID is missing (or --build); start the throw-away PostgreSQL
// (scripts/postgres.sh; reused if already running, and then left running); drop + create database
// weft_bench; start `node server.mjs` (built, PostgreSQL mode) and bench/raw-server.mjs on free ports;
// seed one workspace through weft's REST API; check both servers answer the same body and count their SQL;
// load the targets in turns, round by round; print the table and write bench/results/latest.json. Every process started here is stopped on exit.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { buildApp, buildState } from "../scripts/build-state.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = path.join(root, "bench", "results");
process.chdir(root);

const { values: opts } = parseArgs({
  options: {
    connections: { type: "string", short: "c", default: process.env.BENCH_CONNECTIONS ?? "20" },
    duration: { type: "string", short: "d", default: process.env.BENCH_DURATION ?? "5" },
    rounds: { type: "string", short: "r", default: process.env.BENCH_ROUNDS ?? "2" },
    warmup: { type: "string", short: "w", default: process.env.BENCH_WARMUP ?? "3" },
    build: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (opts.help) {
  console.log("usage: npm run bench [-- --connections N --duration SECONDS-PER-ROUND --rounds N --warmup SECONDS --build]");
  process.exit(0);
}
const CONNECTIONS = positiveInt(opts.connections, "connections");
const DURATION = positiveInt(opts.duration, "duration");
const ROUNDS = positiveInt(opts.rounds, "rounds");
const WARMUP = Number(opts.warmup);
const POOL_MAX = 10; // weft's DATABASE_POOL_MAX default; the raw server gets the same
const BENCH_DB = "weft_bench";

function positiveInt(v, name) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`bench: --${name} must be a positive integer`);
    process.exit(2);
  }
  return n;
}

const log = (msg) => console.log(`bench: ${msg}`);

// ------------------------------------------------------------------------------------------- processes

const children = new Set();
let pgStartedHere = false;
let benchAdminUrl = null;
let cleaning = null;

function startChild(name, args, env, logFile) {
  const out = createWriteStream(logFile);
  const child = spawn(process.execPath, args, { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  child.name = name;
  child.logFile = logFile;
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* gone */
    }
  }
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  killGroup(child, "SIGTERM");
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

function cleanup() {
  cleaning ??= (async () => {
    await Promise.all([...children].map(stopChild));
    if (benchAdminUrl && !pgStartedHere) {
      // A PostgreSQL that was already running stays up; only the bench database goes.
      const c = new pg.Client({ connectionString: benchAdminUrl });
      await c.connect().then(() => c.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`)).catch(() => {});
      await c.end().catch(() => {});
    }
    if (pgStartedHere) {
      log("stopping PostgreSQL");
      spawnSync("bash", ["scripts/postgres.sh", "stop"], { stdio: ["ignore", "inherit", "inherit"] });
    }
  })();
  return cleaning;
}

// Last resort when the process exits without running cleanup (e.g. process.exit elsewhere).
process.on("exit", () => {
  for (const child of children) killGroup(child, "SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.once(signal, async () => {
    console.error(`\nbench: ${signal}, cleaning up`);
    await cleanup();
    process.exit(130);
  });
}

function tail(file, lines = 30) {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(name, child, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready; log ${child.logFile}:\n${tail(child.logFile)}`);
    }
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s; log ${child.logFile}:\n${tail(child.logFile)}`);
}

// ------------------------------------------------------------------------------------------- build

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

// ------------------------------------------------------------------------------------------- PostgreSQL

function startPostgres() {
  const status = spawnSync("bash", ["scripts/postgres.sh", "status"], { encoding: "utf8" });
  if (status.status === 0) {
    log("PostgreSQL already running; reusing it (it is left running)");
    return status.stdout.trim().split("\n").pop();
  }
  pgStartedHere = true;
  const r = spawnSync("bash", ["scripts/postgres.sh", "start"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (r.status !== 0) throw new Error("scripts/postgres.sh start failed");
  return r.stdout.trim().split("\n").pop();
}

async function recreateDatabase(adminUrl) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${BENCH_DB}`);
  } finally {
    await c.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${BENCH_DB}`;
  return u.toString();
}

/**
 * The SQL statements one call costs, from pg_stat_statements (preloaded by scripts/postgres.sh): reset,
 * make `n` sequential calls, read back what ran in the bench database. null when the extension is missing.
 */
async function sqlPerCall(adminUrl, n, call) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    try {
      await c.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
      await c.query("SELECT pg_stat_statements_reset()");
    } catch (e) {
      log(`SQL per request not measured (pg_stat_statements unavailable: ${e.message})`);
      return null;
    }
    for (let i = 0; i < n; i++) await call();
    const { rows } = await c.query(
      `SELECT query, calls::int AS calls FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1) ORDER BY calls DESC, query`,
      [BENCH_DB],
    );
    const total = rows.reduce((sum, r) => sum + r.calls, 0);
    return { perCall: total / n, statements: rows.map((r) => ({ perCall: r.calls / n, query: r.query.replace(/\s+/g, " ") })) };
  } finally {
    await c.end();
  }
}

// ------------------------------------------------------------------------------------------- HTTP

async function post(base, p, data, headers = {}) {
  const res = await fetch(`${base}${p}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ data }),
  });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

function shape(v) {
  if (Array.isArray(v)) return v.map(shape);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]));
  return typeof v;
}

/** One measured round against one target (after an optional warm-up that is thrown away). */
async function load(target, { warmup, only = false }) {
  const run = (duration) =>
    autocannon({
      url: `${target.base}${target.path}`,
      method: "POST",
      headers: { "content-type": "application/json", ...target.headers },
      body: target.body,
      connections: CONNECTIONS,
      duration,
    });
  if (warmup > 0) await run(warmup);
  if (only) return null;
  const r = await run(DURATION);
  return {
    target: target.name,
    description: target.description,
    expectedStatus: target.expectedStatus,
    reqPerSec: r.requests.average,
    requests: r.requests.total,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: r.latency.mean },
    throughputBytesPerSec: r.throughput.average,
    status2xx: r["2xx"],
    status4xx: r["4xx"],
    status5xx: r["5xx"],
    errors: r.errors,
    timeouts: r.timeouts,
    unexpected: (target.expectedStatus === 200 ? r.requests.total - r["2xx"] : r.requests.total - r["4xx"]) + r.errors + r.timeouts,
  };
}

// ------------------------------------------------------------------------------------------- main

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  const loadBefore = os.loadavg()[0];
  if (loadBefore > 0.5 * os.cpus().length) {
    log(`warning: 1-minute load average is ${loadBefore.toFixed(2)} on ${os.cpus().length} cores before the run; other work will skew the numbers`);
  }
  const buildState = ensureBuild();

  const adminUrl = startPostgres();
  benchAdminUrl = adminUrl;
  const databaseUrl = await recreateDatabase(adminUrl);
  log(`database ${databaseUrl}`);
  const secretKey = randomBytes(32).toString("hex");

  const [weftPort, rawPort] = [await freePort(), await freePort()];
  const baseEnv = { ...process.env };
  delete baseEnv.DATABASE_URL;
  delete baseEnv.WEFT_DATA_DIR;

  const weft = startChild(
    "weft",
    [path.join(root, "server.mjs")],
    {
      ...baseEnv,
      NODE_ENV: "production",
      WEFT_SKIP_BUILD: "true",
      DATABASE_URL: databaseUrl,
      WEFT_SECRET_KEY: secretKey,
      PORT: String(weftPort),
      HOSTNAME: "127.0.0.1",
      DATABASE_POOL_MAX: String(POOL_MAX),
      WEFT_RATE_LIMIT_CREATE_WORKSPACE: "1000/1",
      WEFT_LOG_LEVEL: "warn",
    },
    path.join(resultsDir, "weft-server.log"),
  );
  const raw = startChild(
    "raw",
    [path.join(root, "bench", "raw-server.mjs")],
    { ...baseEnv, NODE_ENV: "production", DATABASE_URL: databaseUrl, WEFT_SECRET_KEY: secretKey, PORT: String(rawPort), HOST: "127.0.0.1", DATABASE_POOL_MAX: String(POOL_MAX) },
    path.join(resultsDir, "raw-server.log"),
  );
  const weftBase = `http://127.0.0.1:${weftPort}`;
  const rawBase = `http://127.0.0.1:${rawPort}`;

  await waitFor("weft server", weft, async () => {
    const res = await fetch(`${weftBase}/api/health`);
    const body = await res.json();
    return res.status === 200 && body.database === "postgresql";
  }, 120_000);
  await waitFor("raw server", raw, async () => (await fetch(`${rawBase}/healthz`)).ok, 30_000);
  log(`weft on ${weftBase} (pid ${weft.pid}), raw on ${rawBase} (pid ${raw.pid})`);

  // Seed through the public API, as a client would.
  const created = await post(weftBase, "/v2/workspace/create", { ownerEmail: "bench@example.com" });
  const ws = created.body?.result?.data;
  if (created.status !== 200 || !ws?.id || !ws?.authToken) {
    throw new Error(`seeding failed: POST /v2/workspace/create -> ${created.status} ${JSON.stringify(created.body)}`);
  }
  const headers = { "x-service-workspace-id": ws.id, "x-service-workspace-auth-token": ws.authToken };
  log(`seeded workspace ${ws.id} with ${Object.keys(ws.apiKeyList).length} API key(s)`);

  // Same answer from both before any load: identical JSON, and the same refusal of a wrong token.
  const [a, b] = await Promise.all([post(weftBase, "/v2/workspace/get", {}, headers), post(rawBase, "/v2/workspace/get", {}, headers)]);
  if (a.status !== 200 || b.status !== 200) throw new Error(`Get Workspace failed: weft ${a.status} ${JSON.stringify(a.body)}, raw ${b.status} ${JSON.stringify(b.body)}`);
  if (JSON.stringify(shape(a.body)) !== JSON.stringify(shape(b.body))) {
    throw new Error(`body shapes differ:\n  weft ${JSON.stringify(shape(a.body))}\n  raw  ${JSON.stringify(shape(b.body))}`);
  }
  const identical = JSON.stringify(a.body) === JSON.stringify(b.body);
  if (!identical) log("warning: same shape but different values in the two bodies");
  const badHeaders = { ...headers, "x-service-workspace-auth-token": "0".repeat(64) };
  const [wa, wb] = await Promise.all([post(weftBase, "/v2/workspace/get", {}, badHeaders), post(rawBase, "/v2/workspace/get", {}, badHeaders)]);
  if (wa.status !== wb.status || JSON.stringify(wa.body) !== JSON.stringify(wb.body)) {
    throw new Error(`wrong-token answers differ: weft ${wa.status} ${JSON.stringify(wa.body)}, raw ${wb.status} ${JSON.stringify(wb.body)}`);
  }
  log(`bodies ${identical ? "identical" : "same shape"} (${JSON.stringify(a.body).length} bytes); wrong token -> ${wa.status} ${wa.body.error.status} from both`);

  // SQL work per Get Workspace call, counted by PostgreSQL itself.
  const sql = {};
  for (const [name, base] of [["weft", weftBase], ["raw", rawBase]]) {
    sql[name] = await sqlPerCall(adminUrl, 20, async () => {
      const r = await post(base, "/v2/workspace/get", {}, headers);
      if (r.status !== 200) throw new Error(`${name} Get Workspace -> ${r.status}`);
    });
  }
  if (sql.weft && sql.raw) {
    log(`SQL statements per Get Workspace: weft ${sql.weft.perCall}, raw ${sql.raw.perCall}`);
    for (const [name, s] of Object.entries(sql)) {
      for (const st of s.statements) console.log(`bench:   ${name.padEnd(4)} ${String(st.perCall).padStart(4)}x  ${st.query.length > 150 ? st.query.slice(0, 147) + "..." : st.query}`);
    }
  }

  const body = JSON.stringify({ data: {} });
  const targets = [
    {
      name: "raw node:http + pg",
      description: "bench/raw-server.mjs: POST /v2/workspace/get, same auth + SQL + decrypt",
      base: rawBase, path: "/v2/workspace/get", headers, body, expectedStatus: 200,
    },
    {
      name: "weft Get Workspace",
      description: "node server.mjs (built, PostgreSQL): POST /v2/workspace/get",
      base: weftBase, path: "/v2/workspace/get", headers, body, expectedStatus: 200,
    },
    {
      name: "weft floor (404, no DB)",
      description: "node server.mjs: POST /v2/bench/floor, an unknown path: Next routing + the v2 route handler answering a NOT_FOUND envelope; no body read, no auth, no SQL",
      base: weftBase, path: "/v2/bench/floor", headers: {}, body, expectedStatus: 404,
    },
  ];

  // The targets take turns, round by round, so that drift in the machine's load hits all of them alike;
  // each target reports its best round (the one least disturbed by anything else on the box).
  log(`load: autocannon -c ${CONNECTIONS}, ${ROUNDS} round(s) of ${DURATION} s per target, taking turns, after ${WARMUP} s of warm-up each, 127.0.0.1`);
  const rounds = targets.map(() => []);
  if (WARMUP > 0) for (const t of targets) await load(t, { warmup: WARMUP, only: true });
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) {
      const r = await load(t, { warmup: 0 });
      rounds[i].push(r);
      log(`  round ${round + 1}/${ROUNDS}  ${t.name.padEnd(24)} ${String(Math.round(r.reqPerSec)).padStart(6)} req/s  p99 ${r.latencyMs.p99} ms${r.unexpected ? `  (${r.unexpected} unexpected answers/errors)` : ""}`);
    }
  }
  const results = rounds.map((rs) => {
    const best = rs.reduce((a, b) => (b.reqPerSec > a.reqPerSec ? b : a));
    return { ...best, unexpected: rs.reduce((n, r) => n + r.unexpected, 0), rounds: rs.map((r) => ({ reqPerSec: r.reqPerSec, latencyMs: r.latencyMs, unexpected: r.unexpected })) };
  });

  const rawR = results[0];
  const weftR = results[1];
  const floorR = results[2];
  for (const r of results) {
    r.ratioToRaw = r.reqPerSec / rawR.reqPerSec;
    r.p99RatioToRaw = rawR.latencyMs.p99 > 0 ? r.latencyMs.p99 / rawR.latencyMs.p99 : null;
  }

  const rows = [["target", "req/s", "p50 ms", "p99 ms", "req/s ÷ raw", "errors"]];
  for (const r of results) {
    rows.push([r.target, Math.round(r.reqPerSec).toString(), fmt(r.latencyMs.p50), fmt(r.latencyMs.p99), r.ratioToRaw.toFixed(3), String(r.unexpected)]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(`\nGet Workspace, best of ${ROUNDS} round(s) x ${DURATION} s per target, ${CONNECTIONS} connections:\n`);
  console.log(line(rows[0]));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows.slice(1)) console.log(line(row));
  console.log("");
  const weftVsRaw = weftR.reqPerSec / rawR.reqPerSec;
  const weftVsFloor = weftR.reqPerSec / floorR.reqPerSec;
  console.log(`weft/raw = ${weftVsRaw.toFixed(3)} (raw is ${(1 / weftVsRaw).toFixed(1)}x weft); weft Get Workspace / weft floor = ${weftVsFloor.toFixed(3)}`);

  const report = {
    date: new Date().toISOString(),
    machine: { loadAverage1mBefore: loadBefore, loadAverage1mAfter: os.loadavg()[0], cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, platform: `${os.platform()} ${os.release()}` },
    config: { connections: CONNECTIONS, rounds: ROUNDS, secondsPerRound: DURATION, warmupSeconds: WARMUP, reported: "best round per target", poolMax: POOL_MAX, database: "PostgreSQL (scripts/postgres.sh, fsync off)", build: buildState },
    bodiesIdentical: identical,
    sqlPerGetWorkspace: sql,
    ratios: { weftOverRaw: weftVsRaw, weftOverFloor: weftVsFloor, floorOverRaw: floorR.reqPerSec / rawR.reqPerSec },
    results,
  };
  writeFileSync(path.join(resultsDir, "latest.json"), JSON.stringify(report, null, 2) + "\n");
  log(`results written to bench/results/latest.json`);
  return results.some((r) => r.unexpected > 0) ? 1 : 0;
}

function fmt(ms) {
  return ms === undefined || ms === null ? "-" : Number(ms).toFixed(ms < 10 ? 2 : 1);
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(`bench: failed: ${e instanceof Error ? e.message : e}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
