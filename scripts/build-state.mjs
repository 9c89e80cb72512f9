// Whether `.next` holds a build of the current sources, and how to make one. Shared by server.mjs (npm start
// builds on first start or after changes) and the benchmark.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const WATCHED = [
  "app",
  "components",
  "lib",
  "prisma/schema",
  "instrumentation.ts",
  "instrumentation-node.ts",
  "next.config.mjs",
  "package-lock.json",
  "postcss.config.mjs",
];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === "generated" || entry === "node_modules") continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** "missing" (never built), "stale" (sources changed since) or "fresh". */
export function buildState(root) {
  const marker = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(marker)) return "missing";
  const built = statSync(marker).mtimeMs;
  return WATCHED.some((p) => newestMtime(path.join(root, p)) > built) ? "stale" : "fresh";
}

/** Runs `next build`; returns its exit status. */
export function buildApp(root) {
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    stdio: "inherit",
    cwd: root,
  });
  return r.status ?? 1;
}
