// The two measurements of work that happens after the request: notification fan-out to 10,000 users
// (bench/notification-fanout.mjs) and webhook delivery to 10 endpoints (bench/webhook-delivery.mjs). Each runs
// as its own process on the bench's PostgreSQL (they reuse the running one) and leaves its JSON in
// bench/results/; this reads it back.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

function runScript(root, script, args) {
  const r = spawnSync(process.execPath, [path.join(root, "bench", script), ...args], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: "" },
  });
  if (r.status !== 0) throw new Error(`bench/${script} failed (exit ${r.status})`);
}

const readJson = (root, name) => JSON.parse(readFileSync(path.join(root, "bench", "results", name), "utf8"));

export function measureFanout(root, users) {
  runScript(root, "notification-fanout.mjs", ["--users", String(users), "--rounds", "2"]);
  const r = readJson(root, "notification-fanout.json");
  const rowsPerSec = (ms) => (ms ? (r.users / ms) * 1000 : null);
  return {
    users: r.users,
    weftJob: { ms: r.best.jobMs, rowsPerSec: rowsPerSec(r.best.jobMs) },
    weftEndToEnd: { ms: r.best.endToEndMs, rowsPerSec: rowsPerSec(r.best.endToEndMs) },
    raw: { ms: r.best.rawInsertMs, rowsPerSec: rowsPerSec(r.best.rawInsertMs) },
    ratioToRaw: r.best.jobMs ? r.best.rawInsertMs / r.best.jobMs : null,
  };
}

export function measureWebhooks(root, endpoints, events) {
  runScript(root, "webhook-delivery.mjs", ["--endpoints", String(endpoints), "--events", String(events)]);
  return readJson(root, "webhook-delivery.json").results[0];
}
