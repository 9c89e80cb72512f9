// The throw-away PostgreSQL of a bench run (scripts/postgres.sh) and the bench database in it.
import { spawnSync } from "node:child_process";
import pg from "pg";
import { onCleanup } from "./processes.mjs";

export const BENCH_DB = "weft_bench";
const log = (msg) => console.log(`bench: ${msg}`);

/**
 * Starts PostgreSQL unless it is running (then it is reused and left running, and only `database` is dropped
 * at the end); returns the admin URL.
 */
export function startPostgres(database = BENCH_DB) {
  const status = spawnSync("bash", ["scripts/postgres.sh", "status"], { encoding: "utf8" });
  if (status.status === 0) {
    log("PostgreSQL already running; reusing it (it is left running)");
    const adminUrl = status.stdout.trim().split("\n").pop();
    onCleanup(() => dropDatabase(adminUrl, database));
    return adminUrl;
  }
  const r = spawnSync("bash", ["scripts/postgres.sh", "start"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (r.status !== 0) throw new Error("scripts/postgres.sh start failed");
  onCleanup(async () => {
    log("stopping PostgreSQL");
    spawnSync("bash", ["scripts/postgres.sh", "stop"], { stdio: ["ignore", "inherit", "inherit"] });
  });
  return r.stdout.trim().split("\n").pop();
}

export async function dropDatabase(adminUrl, database) {
  await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
}

export async function withClient(url, fn) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => {});
  }
}

/**
 * Planner statistics for what seeding wrote, as autovacuum would have them a minute later: a load that starts
 * right after seeding otherwise runs on plans for empty tables (Get Users once ran at 13 req/s, Node 77 % idle).
 */
export async function analyze(url) {
  await withClient(url, (c) => c.query("ANALYZE"));
}

/** Drops and creates the bench database; returns its URL. */
export async function recreateDatabase(adminUrl, database = BENCH_DB) {
  await withClient(adminUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${database}`);
  });
  const u = new URL(adminUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * The SQL statements one call costs, from pg_stat_statements (preloaded by scripts/postgres.sh): reset,
 * make `n` sequential calls, read back what ran in the bench database. null when the extension is missing.
 */
export async function sqlPerCall(adminUrl, n, call) {
  return withClient(adminUrl, async (c) => {
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
    return {
      perCall: total / n,
      statements: rows.map((r) => ({ perCall: r.calls / n, query: r.query.replace(/\s+/g, " ") })),
    };
  });
}
