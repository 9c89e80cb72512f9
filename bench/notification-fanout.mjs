#!/usr/bin/env node
// Notification fan-out to N organization users (default 10,000): weft's notifications.fanout job next to a
// raw insert of the same rows, on the same PostgreSQL. See bench/README.md.
//
//   node bench/notification-fanout.mjs [--users 10000 --rounds 3]
//
// Steps: the throw-away PostgreSQL (scripts/postgres.sh; reused and left running if already up, WEFT_PG_PORT
// honoured) -> DROP + CREATE database weft_bench_fanout -> one weft API process (scripts/api-server.mjs:
// weft's start-up with its job workers and event dispatcher behind node:http; no Next build needed) -> seed
// through the REST API: a workspace, an organization with N users (Add Users, 1,000 per call), a document ->
// per round:
//   weft:  POST /v1/notifications/add with notifyAll: true; measure (a) end to end, from the POST until all
//          N recipient rows are visible (includes the job worker's pick-up, woken by NOTIFY at commit), and (b)
//          the job itself, its Job row's startedAt -> finishedAt (INSERT ... SELECT per 2,000 users);
//   raw:   a notification row inserted by hand, then the same N recipient rows sent by the client as
//          multi-row INSERT ... VALUES statements of 1,000 rows, in one transaction.
// Prints a table (best round each) and writes bench/results/notification-fanout.json. Every process started
// here is stopped on exit.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { postOk } from "./lib/http.mjs";
import { recreateDatabase, startPostgres } from "./lib/postgres.mjs";
import { cleanup, startNode } from "./lib/processes.mjs";
import { untilListening } from "../scripts/api-server-listening.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = path.join(root, "bench", "results");
process.chdir(root);

const { values: opts } = parseArgs({
  options: {
    users: { type: "string", default: process.env.BENCH_FANOUT_USERS ?? "10000" },
    rounds: { type: "string", default: process.env.BENCH_ROUNDS ?? "3" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (opts.help) {
  console.log("usage: node bench/notification-fanout.mjs [--users N --rounds N]");
  process.exit(0);
}
const USERS = Number(opts.users);
const ROUNDS = Number(opts.rounds);
if (!Number.isInteger(USERS) || USERS < 1 || !Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error("bench: --users and --rounds must be positive integers");
  process.exit(2);
}
const DB = "weft_bench_fanout";
const log = (m) => console.log(`bench: ${m}`);

let server;

/** scripts/api-server.mjs (weft without Next) on a free port; resolves once it prints the port it listens on. */
function startServer(env) {
  mkdirSync(resultsDir, { recursive: true });
  const logFile = path.join(resultsDir, "fanout-server.log");
  const child = startNode("weft", ["scripts/api-server.mjs"], { cwd: root, env, logFile });
  return untilListening(child, 120_000, () => "; see bench/results/fanout-server.log").then((base) => ({
    child,
    base,
  }));
}

const post = postOk;

const ms = (a, b) => Number(b - a) / 1e6;

async function main() {
  const adminUrl = startPostgres(DB);
  const databaseUrl = await recreateDatabase(adminUrl, DB);
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    WEFT_SECRET_KEY: randomBytes(32).toString("hex"),
    WEFT_RATE_LIMIT_CREATE_WORKSPACE: "1000/1",
    WEFT_LOG_LEVEL: "warn",
  };
  delete env.WEFT_DATA_DIR;
  server = await startServer(env);
  log(`weft API on ${server.base} (pid ${server.child.pid}), database ${databaseUrl}`);

  const ws = (await post(server.base, "/v2/workspace/create", { ownerEmail: "fanout-bench@example.com" })).data;
  const apiKey = Object.keys(ws.apiKeyList)[0];
  const tokens = await post(
    server.base,
    "/v2/workspace/authtokens/get",
    { apiKey },
    { "x-service-workspace-id": ws.id, "x-service-workspace-auth-token": ws.authToken },
  );
  const key = { "x-service-api-key": apiKey, "x-service-auth-token": tokens.data.authTokens[0].token };
  const seedStart = process.hrtime.bigint();
  await post(
    server.base,
    "/v2/organizations/documents/add",
    { organizationId: "org", createOrganization: true, documents: [{ documentId: "doc" }] },
    key,
  );
  for (let i = 0; i < USERS; i += 1000) {
    const users = Array.from({ length: Math.min(1000, USERS - i) }, (_, j) => ({
      userId: `user-${i + j}`,
      email: `user-${i + j}@example.com`,
    }));
    await post(server.base, "/v2/users/add", { organizationId: "org", users }, key);
  }
  log(
    `seeded ${USERS} organization users through Add Users in ${(ms(seedStart, process.hrtime.bigint()) / 1000).toFixed(1)} s`,
  );

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const count = async (rowId) =>
    Number(
      (await db.query(`SELECT count(*) AS n FROM "NotificationRecipient" WHERE "notificationRowId" = $1`, [rowId]))
        .rows[0].n,
    );
  const rowIdOf = async (notificationId) =>
    (
      await db.query(`SELECT id FROM "Notification" WHERE "apiKeyId" = $1 AND "notificationId" = $2`, [
        apiKey,
        notificationId,
      ])
    ).rows[0]?.id;

  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    // weft: Add Notifications with notifyAll, until every recipient row exists.
    const notificationId = `fanout-${r}`;
    const t0 = process.hrtime.bigint();
    await post(
      server.base,
      "/v1/notifications/add",
      {
        organizationId: "org",
        documentId: "doc",
        notificationId,
        actionUser: { userId: "user-0" },
        displayHeadlineMessageTemplate: "{actionUser} says hello",
        displayBodyMessage: "to everyone",
        notifyUsers: [],
        notifyAll: true,
      },
      key,
    );
    const tPost = process.hrtime.bigint();
    const rowId = await rowIdOf(notificationId);
    const deadline = Date.now() + 120_000;
    while ((await count(rowId)) < USERS) {
      if (Date.now() > deadline) throw new Error(`fan-out of ${notificationId} did not finish within 120 s`);
      await new Promise((res) => setTimeout(res, 10));
    }
    const tDone = process.hrtime.bigint();
    // The job worker marks the job done just after the handler's last commit.
    const jobDeadline = Date.now() + 10_000;
    let job;
    while (!job && Date.now() < jobDeadline) {
      const { rows } = await db.query(
        `SELECT EXTRACT(EPOCH FROM ("finishedAt" - "startedAt")) * 1000 AS job_ms, EXTRACT(EPOCH FROM ("startedAt" - "createdAt")) * 1000 AS wait_ms
           FROM "Job" WHERE "kind" = 'notifications.fanout' AND "payload"->>'notificationRowId' = $1 AND "status" = 'done'`,
        [rowId],
      );
      job = rows[0];
      if (!job) await new Promise((res) => setTimeout(res, 20));
    }
    const jobMs = job ? Number(job.job_ms) : null;

    // raw: the same rows, sent by the client as multi-row INSERT ... VALUES of 1,000 rows, one transaction.
    const rawRowId = `ntf_raw_${r}_${randomBytes(6).toString("hex")}`;
    await db.query(
      `INSERT INTO "Notification" ("id","apiKeyId","organizationId","documentId","notificationId","notificationSource","actionUserId","actionUser","notifyAll","createdAt")
       VALUES ($1,$2,'org','doc',$3,'custom','user-0','{"userId":"user-0"}',false,now())`,
      [rawRowId, apiKey, `raw-${r}`],
    );
    const userRows = (
      await db.query(
        `SELECT "userId", email FROM "OrganizationUser" WHERE "apiKeyId" = $1 AND "organizationId" = 'org'`,
        [apiKey],
      )
    ).rows;
    const r0 = process.hrtime.bigint();
    await db.query("BEGIN");
    for (let i = 0; i < userRows.length; i += 1000) {
      const chunk = userRows.slice(i, i + 1000);
      const values = [];
      const params = [];
      chunk.forEach((row, j) => {
        params.push(rawRowId, apiKey, "org", row.userId, row.email ?? row.userId);
        const b = j * 5;
        values.push(`($${b + 1},$${b + 2},$${b + 3},$${b + 4},$${b + 5},now())`);
      });
      await db.query(
        `INSERT INTO "NotificationRecipient" ("notificationRowId","apiKeyId","organizationId","userId","userKey","createdAt") VALUES ${values.join(",")}`,
        params,
      );
    }
    await db.query("COMMIT");
    const r1 = process.hrtime.bigint();
    if ((await count(rawRowId)) !== USERS) throw new Error("raw insert wrote the wrong number of rows");

    const round = {
      endToEndMs: ms(t0, tDone),
      postMs: ms(t0, tPost),
      jobMs,
      jobQueueWaitMs: job ? Number(job.wait_ms) : null,
      rawInsertMs: ms(r0, r1),
    };
    rounds.push(round);
    log(
      `round ${r + 1}/${ROUNDS}: end to end ${round.endToEndMs.toFixed(0)} ms (POST ${round.postMs.toFixed(0)} ms), job ${jobMs === null ? "-" : jobMs.toFixed(0)} ms, raw insert ${round.rawInsertMs.toFixed(0)} ms`,
    );
  }
  await db.end();

  const best = (k) => Math.min(...rounds.map((x) => x[k]).filter((v) => v !== null));
  const rowsPerSec = (msv) => (Number.isFinite(msv) ? Math.round((USERS / msv) * 1000) : null);
  const table = [
    ["what", "best ms", "rows/s"],
    ["weft fan-out job (job started -> done)", best("jobMs"), rowsPerSec(best("jobMs"))],
    [
      "weft end to end (POST -> all rows visible, incl. queue pick-up)",
      best("endToEndMs"),
      rowsPerSec(best("endToEndMs")),
    ],
    ["raw client INSERT ... VALUES x1000 rows, one transaction", best("rawInsertMs"), rowsPerSec(best("rawInsertMs"))],
  ];
  console.log(`\nNotification fan-out to ${USERS.toLocaleString("en")} users, best of ${ROUNDS} round(s):\n`);
  for (const [i, row] of table.entries()) {
    const [a, b, c] = row.map((v) =>
      typeof v === "number" ? (Number.isFinite(v) ? Math.round(v).toLocaleString("en") : "-") : String(v ?? "-"),
    );
    console.log(`${a.padEnd(70)} ${b.padStart(8)} ${c.padStart(10)}`);
    if (i === 0) console.log(`${"-".repeat(70)} ${"-".repeat(8)} ${"-".repeat(10)}`);
  }
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      node: process.version,
      loadAverage1m: os.loadavg()[0],
    },
    users: USERS,
    rounds,
    best: { jobMs: best("jobMs"), endToEndMs: best("endToEndMs"), rawInsertMs: best("rawInsertMs") },
  };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, "notification-fanout.json"), JSON.stringify(report, null, 2) + "\n");
  log("results written to bench/results/notification-fanout.json");
}

let code = 1;
try {
  await main();
  code = 0;
} catch (e) {
  console.error(`bench: failed: ${e instanceof Error ? e.message : e}`);
} finally {
  await cleanup();
}
process.exit(code);
