import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { reloadEnvForTests } from "@/lib/infra/env";
import { deployMigrations } from "@/lib/infra/migrate";
import { startWeft } from "@/lib/server/start-weft";
import { call, workspaceHeaders } from "../helpers/api";
import { createPostgresDatabase, suiteAdminUrl } from "../helpers/database";

// The server's own start-up path (startWeft), not the test harness: data survives a restart, and bad
// configuration stops start-up with a message that names the problem.

const saved = { ...process.env };
const adminUrl = saved.DATABASE_URL;
afterEach(() => {
  process.env = { ...saved };
  reloadEnvForTests();
});

function freshPostgres(): Promise<string> {
  return createPostgresDatabase(adminUrl!, "weft_restart");
}

describe("start-up", () => {
  it("keeps every workspace across a restart, with the same credentials", { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "weft-restart-"));
    if (adminUrl) {
      process.env.DATABASE_URL = await freshPostgres();
      process.env.WEFT_SECRET_KEY = randomBytes(32).toString("hex");
    } else {
      delete process.env.DATABASE_URL;
      process.env.WEFT_DATA_DIR = dataDir;
    }
    reloadEnvForTests();
    const first = await startWeft({ role: "server" });
    expect(first.appliedMigrations.length).toBeGreaterThan(0);
    const ready = await health();
    expect(await ready.json()).toEqual({ status: "ok", database: adminUrl ? "postgresql" : "embedded" });
    const ws = (await call("/v2/workspace/create", { ownerEmail: "restart@example.com" })).body.result.data;
    await first.stop();

    const second = await startWeft({ role: "server" });
    expect(second.appliedMigrations).toEqual([]);
    const again = await call("/v2/workspace/get", {}, { headers: workspaceHeaders(ws.id, ws.authToken) });
    expect(again.body.result.data).toEqual(ws);
    await second.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("applies migrations once when several instances deploy against one PostgreSQL at once", async () => {
    const url = await createPostgresDatabase(suiteAdminUrl(), "weft_restart");
    const results = await Promise.all([1, 2, 3].map(() => deployMigrations(url)));
    const applied = results.flat();
    expect(new Set(applied).size).toBe(applied.length);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query(`SELECT migration_name, count(*)::int AS n FROM _prisma_migrations GROUP BY 1`);
    await c.end();
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(rows.map((r) => r.migration_name).sort()).toEqual([...new Set(applied)].sort());
  });

  it("refuses to start with DATABASE_URL but no WEFT_SECRET_KEY", async () => {
    process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:1/none";
    delete process.env.WEFT_SECRET_KEY;
    reloadEnvForTests();
    await expect(startWeft({ role: "server" })).rejects.toThrow(/WEFT_SECRET_KEY: required when DATABASE_URL is set/);
  });

  it("names the variable when a value is invalid", async () => {
    process.env.WEFT_RATE_LIMIT_LOGIN_LINK = "ten per hour";
    reloadEnvForTests();
    await expect(startWeft({ role: "server" })).rejects.toThrow(
      /WEFT_RATE_LIMIT_LOGIN_LINK: must look like <count>\/<seconds>/,
    );
  });

  it("says clearly when the data dir cannot be written", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "weft-ro-"));
    const blocker = path.join(dir, "a-file");
    writeFileSync(blocker, "");
    delete process.env.DATABASE_URL;
    process.env.WEFT_DATA_DIR = path.join(blocker, "data");
    reloadEnvForTests();
    await expect(startWeft({ role: "server" })).rejects.toThrow(/is not writable \(ENOTDIR\)\. Set WEFT_DATA_DIR/);
  });

  it("says clearly when the data dir is in use by another process", async () => {
    delete process.env.DATABASE_URL;
    const dataDir = mkdtempSync(path.join(tmpdir(), "weft-owned-"));
    process.env.WEFT_DATA_DIR = dataDir;
    reloadEnvForTests();
    writeFileSync(
      path.join(dataDir, "server.json"),
      JSON.stringify({ pid: process.ppid, databaseUrl: "", role: "server" }),
    );
    await expect(startWeft({ role: "server" })).rejects.toThrow(/is in use by process/);
  });
});
