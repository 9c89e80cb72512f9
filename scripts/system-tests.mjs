#!/usr/bin/env node
// System tests (tests/system, vitest.system.config.mts): the built server as real processes against
// PostgreSQL: the PostgreSQL named by DATABASE_URL when it is set, otherwise weft's own embedded engine started
// for the run by the config's globalSetup (tests/helpers/global-database.ts), as the unit and API tests do.
// Needs a build (`npm run build`; `npm test` runs this after the e2e part, which builds).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("system-tests: no build (.next/BUILD_ID); run `npm run build` first");
  process.exit(1);
}

// Extra arguments go to vitest: `node scripts/system-tests.mjs tests/system/credentials.test.ts` runs one file.
const vitestArgs = ["run", "-c", "vitest.system.config.mts", ...process.argv.slice(2)];
const child = spawn(process.execPath, [path.join(root, "node_modules/vitest/vitest.mjs"), ...vitestArgs], {
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
