#!/usr/bin/env node
// `npm test`: the whole suite, in order, stopping at the first part that fails.
//   1. vitest  - the unit and API tests (lib/**, tests/** but tests/system), each API test file on a database of
//                its own on one PostgreSQL per run: weft's embedded engine, or the one DATABASE_URL names
//   2. e2e     - `node scripts/e2e.mjs`: builds the app and runs the Playwright suite against it
//   3. system  - `node scripts/system-tests.mjs`: the built server as real processes on PostgreSQL (two
//                instances on one database, PostgreSQL restarts, SIGKILL), the same way
// Output streams through; a summary line per part closes the run; the exit code is non-zero if a part failed.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const database = process.env.DATABASE_URL
  ? `PostgreSQL (DATABASE_URL host ${safeHost(process.env.DATABASE_URL)})`
  : "embedded PostgreSQL, a database per test file";

const parts = [
  {
    name: "vitest",
    describe: `unit + API tests, ${database}`,
    command: [process.execPath, path.join(root, "node_modules/vitest/vitest.mjs"), "run"],
    missing: () =>
      existsSync(path.join(root, "node_modules/vitest/vitest.mjs"))
        ? null
        : "vitest is not installed: run `npm install`",
  },
  {
    name: "e2e",
    describe: "Playwright end-to-end tests (scripts/e2e.mjs)",
    command: [process.execPath, path.join(root, "scripts/e2e.mjs")],
  },
  {
    name: "system",
    describe: "built server processes on PostgreSQL: two instances, faults (scripts/system-tests.mjs)",
    command: [process.execPath, path.join(root, "scripts/system-tests.mjs")],
  },
];

let current = null;
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    interrupted = true;
    // The child shares our terminal for SIGINT; forward the rest explicitly.
    if (current && current.exitCode === null) current.kill(signal);
  });
}

function safeHost(url) {
  try {
    return new URL(url).host;
  } catch {
    return "?";
  }
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function run(command) {
  return new Promise((resolve) => {
    const [cmd, ...args] = command;
    current = spawn(cmd, args, { stdio: "inherit", env: process.env });
    current.on("error", (err) => {
      console.error(`test.mjs: cannot start ${cmd}: ${err.message}`);
      resolve({ code: 1 });
    });
    current.on("exit", (code, signal) => resolve({ code: code ?? 1, signal }));
  });
}

const results = [];
const started = Date.now();
let failed = false;

for (const part of parts) {
  if (failed || interrupted) {
    results.push({ name: part.name, status: "not run", detail: "an earlier part failed" });
    continue;
  }
  const problem = part.missing?.();
  if (problem) {
    console.error(`\n=== ${part.name}: cannot run: ${problem} ===\n`);
    results.push({ name: part.name, status: "FAILED", detail: problem });
    failed = true;
    continue;
  }
  console.log(`\n=== ${part.name}: ${part.describe} ===\n`);
  const t0 = Date.now();
  const { code, signal } = await run(part.command);
  const took = Date.now() - t0;
  if (code === 0 && !signal) {
    results.push({ name: part.name, status: "passed", detail: seconds(took) });
  } else {
    failed = true;
    results.push({
      name: part.name,
      status: "FAILED",
      detail: `${signal ? `signal ${signal}` : `exit code ${code}`} after ${seconds(took)}`,
    });
  }
}

console.log(`\n=== npm test summary (${seconds(Date.now() - started)}) ===`);
for (const r of results) console.log(`  ${r.name.padEnd(7)} ${r.status.padEnd(8)} ${r.detail}`);
const ok = !failed && !interrupted;
console.log(ok ? "npm test: PASSED" : "npm test: FAILED");
process.exit(ok ? 0 : 1);
