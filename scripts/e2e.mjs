#!/usr/bin/env node
// `npm run test:e2e`: the Playwright end-to-end suite against the built server.
//   1. scripts/install-chromium.sh  - Debian's chromium (apt, as root) unless it is already installed
//   2. next build                   - skipped with WEFT_E2E_SKIP_BUILD=true (when .next is known fresh)
//   3. playwright test              - playwright.config.ts starts `node server.mjs` on port 3101 with a fresh
//                                     embedded database in a temporary data dir, removed afterwards
// Extra arguments go to `playwright test` (e.g. `npm run test:e2e -- e2e/login.spec.ts`).
// Exits with Playwright's exit code.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

function step(label, command, args, env = process.env) {
  const started = Date.now();
  console.log(`e2e: ${label} ...`);
  const r = spawnSync(command, args, { stdio: "inherit", env });
  if (r.error) {
    console.error(`e2e: ${label} could not run: ${r.error.message}`);
    return 1;
  }
  const code = r.status ?? (r.signal ? 128 : 1);
  console.log(
    `e2e: ${label} ${code === 0 ? "done" : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return code;
}

const playwrightCli = path.join(root, "node_modules/@playwright/test/cli.js");
const nextCli = path.join(root, "node_modules/next/dist/bin/next");
if (!existsSync(playwrightCli) || !existsSync(nextCli)) {
  console.error("e2e: Next.js or @playwright/test is not installed: run `npm install` first.");
  process.exit(1);
}

let code = step("browser (scripts/install-chromium.sh)", "sh", [path.join(root, "scripts/install-chromium.sh")]);
if (code !== 0) process.exit(code);

if (process.env.WEFT_E2E_SKIP_BUILD === "true") {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    console.error("e2e: WEFT_E2E_SKIP_BUILD=true but there is no build (.next/BUILD_ID): run `npm run build` first.");
    process.exit(1);
  }
  console.log("e2e: build skipped (WEFT_E2E_SKIP_BUILD=true)");
} else {
  code = step("build (next build)", process.execPath, [nextCli, "build"]);
  if (code !== 0) process.exit(code);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "weft-e2e-"));
const env = { ...process.env, WEFT_E2E_DATA_DIR: dataDir };
delete env.DATABASE_URL; // e2e always runs on the embedded database
code = step("playwright test", process.execPath, [playwrightCli, "test", ...process.argv.slice(2)], env);
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
