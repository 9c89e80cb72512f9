import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startCluster, type PostgresCluster } from "@/lib/infra/embedded-postgres";

// vitest's globalSetup: the suite's one PostgreSQL server, started once per run, and a migrated template
// database. Each test file makes its own database from the template (tests/helpers/database.ts), so files run
// in parallel without seeing each other's rows. The server is weft's own embedded engine (the same PostgreSQL
// `npm start` runs, in a throw-away directory), or the PostgreSQL named by DATABASE_URL.

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; template: string; mode: "embedded" | "postgresql" };
  }
}

async function query(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

export default async function setup(project: TestProject) {
  let cluster: PostgresCluster | undefined;
  let dir: string | undefined;
  const template = `weft_template_${process.pid}`;
  const teardown = async (adminUrl: string | undefined) => {
    if (adminUrl) await query(adminUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`).catch(() => {});
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  let adminUrl = process.env.DATABASE_URL;
  try {
    if (!adminUrl) {
      dir = mkdtempSync(path.join(tmpdir(), "weft-test-pg-"));
      // Parallel test files each hold a pool, a notify connection and the pools of the servers they start.
      cluster = await startCluster({
        dir: path.join(dir, "cluster"),
        database: "postgres",
        disposable: true,
        settings: { max_connections: "400", shared_buffers: "128MB" },
      });
      adminUrl = cluster.adminUrl;
    }
    await query(adminUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await query(adminUrl, `CREATE DATABASE "${template}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    // The real migration driver, as `npm run db:deploy` runs it (it needs plain Node, not vite's module runner).
    execFileSync(process.execPath, ["scripts/schema-engine.mjs", "deploy"], {
      env: { ...process.env, DATABASE_URL: url.toString() },
      stdio: ["ignore", "ignore", "inherit"],
    });
  } catch (e) {
    await teardown(adminUrl);
    throw e;
  }
  project.provide("testDatabase", { adminUrl, template, mode: cluster ? "embedded" : "postgresql" });
  return () => teardown(adminUrl);
}
