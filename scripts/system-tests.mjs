#!/usr/bin/env node
// System tests (tests/system, vitest.system.config.mts): the built server as real processes against
// PostgreSQL. Uses DATABASE_URL when it is set; otherwise starts a throw-away PostgreSQL of its own with
// scripts/postgres.sh (installed from apt when missing) on 127.0.0.1:55434 and stops it afterwards.
// Needs a build (`npm run build`; `npm test` runs this after the e2e part, which builds).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("system-tests: no build (.next/BUILD_ID); run `npm run build` first");
  process.exit(1);
}

let pgEnv = null;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "weft-system-pg-"));
  spawnSync("chmod", ["0755", dir]);
  pgEnv = {
    ...process.env,
    WEFT_PG_PORT: process.env.WEFT_SYSTEM_PG_PORT ?? "55434",
    WEFT_PG_DIR: path.join(dir, "pg"),
  };
  const started = spawnSync("bash", ["scripts/postgres.sh", "start"], {
    env: pgEnv,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (started.status !== 0) process.exit(1);
  databaseUrl = started.stdout.trim().split("\n").pop();
  pgEnv.cleanupDir = dir;
}

const stopPostgres = () => {
  if (!pgEnv) return;
  spawnSync("bash", ["scripts/postgres.sh", "stop"], { env: pgEnv, stdio: ["ignore", "inherit", "inherit"] });
  rmSync(pgEnv.cleanupDir, { recursive: true, force: true });
  pgEnv = null;
};

// Extra arguments go to vitest: `node scripts/system-tests.mjs tests/system/credentials.test.ts` runs one file.
const vitestArgs = ["run", "-c", "vitest.system.config.mts", ...process.argv.slice(2)];
const child = spawn(process.execPath, [path.join(root, "node_modules/vitest/vitest.mjs"), ...vitestArgs], {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: databaseUrl },
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  stopPostgres();
  process.exit(code ?? (signal ? 1 : 0));
});
