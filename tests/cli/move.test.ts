import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBackupFile } from "@/lib/infra/backup/backup-file";
import { disconnectDb } from "@/lib/infra/db";
import { startEmbeddedDatabase } from "@/lib/infra/embedded-db";
import { reloadEnvForTests } from "@/lib/infra/env";
import { startNotifyBus, stopNotifyBus } from "@/lib/infra/notify-bus";
import { setRuntime } from "@/lib/infra/runtime";
import { startWorkers, stopWorkers } from "@/lib/server/catalog";
import { startWeft } from "@/lib/server/start-weft";
import { asKey } from "../helpers/api";
import { NOTIFY_ALL_RECIPIENT, populate, readChecks, tableContents } from "../helpers/backup-fixture";
import { createPostgresDatabase, suiteAdminUrl } from "../helpers/database";
import { waitFor } from "../helpers/wait";

// The operator commands as `npx weft` runs them, on an embedded data dir populated through the API (no worker
// ran, so the notification's fan-out job is still pending): backup -> restore into a fresh dir, the refusals,
// and (with DATABASE_URL, as in .ci/run's PostgreSQL run) db:move into a new PostgreSQL database, after which
// the same credentials read the same answers and the pending job runs there.

const root = path.resolve(import.meta.dirname, "../..");
const tmp = mkdtempSync(path.join(os.tmpdir(), "weft-move-test-"));
const dirA = path.join(tmp, "a");
const backupFile = path.join(tmp, "a.weft-backup");

let credentials: Awaited<ReturnType<typeof populate>>;
let answers: Awaited<ReturnType<typeof readChecks>>;
let contents: Record<string, string[]>;
let keyA: string;

function weft(args: string[], vars: Record<string, string | undefined>) {
  const env = { ...process.env, DATABASE_URL: undefined, WEFT_SECRET_KEY: undefined, WEFT_LOG_LEVEL: "error", ...vars };
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "node_modules/.bin/weft"), ...args],
      { env, timeout: 120_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

async function embeddedContents(dataDir: string) {
  const embedded = await startEmbeddedDatabase(dataDir, "test");
  try {
    return await tableContents(embedded.url);
  } finally {
    await embedded.stop();
  }
}

beforeAll(async () => {
  // The data dir is made the way an embedded install makes it: weft's own start-up, without workers.
  const saved = { ...process.env };
  delete process.env.DATABASE_URL;
  delete process.env.WEFT_SECRET_KEY;
  process.env.WEFT_DATA_DIR = dirA;
  process.env.WEFT_AUTH_CACHE_MS = "0"; // every call checks its credentials against the current database
  reloadEnvForTests();
  const started = await startWeft({ role: "cli" });
  try {
    credentials = await populate();
    answers = await readChecks(credentials);
    contents = await tableContents(started.databaseUrl);
  } finally {
    await started.stop();
    process.env.DATABASE_URL = saved.DATABASE_URL;
    process.env.WEFT_SECRET_KEY = saved.WEFT_SECRET_KEY;
    if (saved.DATABASE_URL === undefined) delete process.env.DATABASE_URL;
    if (saved.WEFT_SECRET_KEY === undefined) delete process.env.WEFT_SECRET_KEY;
    reloadEnvForTests();
  }
  keyA = readFileSync(path.join(dirA, "secret.key"), "utf8").trim();
  expect(contents.Job.some((row) => row.includes("notifications.fanout") && row.includes("pending"))).toBe(true);
}, 180_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("weft db:backup / db:restore on embedded data dirs", () => {
  it(
    "restores into a fresh data dir only with the install's key, every table equal",
    { timeout: 300_000 },
    async () => {
      const backup = await weft(["db:backup", backupFile], { WEFT_DATA_DIR: dirA });
      expect(backup.code, backup.stderr).toBe(0);
      const summary = JSON.parse(backup.stdout);
      expect(summary).toMatchObject({ file: backupFile, tables: Object.keys(contents).length });
      expect(summary.rows).toBe(Object.values(contents).reduce((n, rows) => n + rows.length, 0));
      expect(backup.stderr).toContain("note: the secret key is not in the backup.");
      expect(backup.stderr).toContain(`This install's key is in ${path.join(dirA, "secret.key")}.`);

      const dirB = path.join(tmp, "b");
      const noKey = await weft(["db:restore", backupFile], { WEFT_DATA_DIR: dirB });
      expect(noKey.code).toBe(1);
      expect(noKey.stderr).toMatch(/^error: No secret key: set WEFT_SECRET_KEY to the key of the install/);

      const wrongKey = await weft(["db:restore", backupFile], {
        WEFT_DATA_DIR: dirB,
        WEFT_SECRET_KEY: "ab".repeat(32),
      });
      expect(wrongKey.code).toBe(1);
      expect(wrongKey.stderr).toMatch(/^error: The secret key does not match .* Set WEFT_SECRET_KEY to the key/);
      expect(existsSync(dirB)).toBe(false); // refused before the data dir was made

      const restored = await weft(["db:restore", backupFile], { WEFT_DATA_DIR: dirB, WEFT_SECRET_KEY: keyA });
      expect(restored.code, restored.stderr).toBe(0);
      expect(JSON.parse(restored.stdout)).toMatchObject({ tables: summary.tables, rows: summary.rows });
      expect(restored.stderr).toContain(`was written to ${path.join(dirB, "secret.key")}`);
      expect(readFileSync(path.join(dirB, "secret.key"), "utf8").trim()).toBe(keyA);
      expect(await embeddedContents(dirB)).toEqual(contents);

      const nonEmpty = await weft(["db:restore", backupFile], { WEFT_DATA_DIR: dirA });
      expect(nonEmpty.code).toBe(1);
      expect(nonEmpty.stderr).toMatch(/^error: The target database is not empty .* add --force/);
    },
  );

  it(
    "backs up through a running server's socket; restore refuses a data dir in use",
    { timeout: 300_000 },
    async () => {
      const server = await startEmbeddedDatabase(dirA, "server"); // this process owns dirA, as a server would
      const file = path.join(tmp, "while-running.weft-backup");
      try {
        const backup = await weft(["db:backup", file], { WEFT_DATA_DIR: dirA });
        expect(backup.code, backup.stderr).toBe(0);
        const inUse = await weft(["db:restore", file, "--force"], { WEFT_DATA_DIR: dirA });
        expect(inUse.code).toBe(1);
        expect(inUse.stderr).toBe(
          `error: The data directory ${dirA} is in use by process ${process.pid} (server). Stop it first.\n`,
        );
      } finally {
        await server.stop();
      }
      const rows: Record<string, number> = {};
      let table = "";
      for await (const record of readBackupFile(file)) {
        if (Array.isArray(record)) rows[table] += 1;
        else if (record.kind === "table") rows[(table = record.name)] = 0;
      }
      expect(rows).toEqual(Object.fromEntries(Object.entries(contents).map(([name, list]) => [name, list.length])));
    },
  );
});

describe("weft db:move into PostgreSQL", () => {
  it("copies the embedded install, verified, and the API reads the same data there", { timeout: 300_000 }, async () => {
    const adminUrl = suiteAdminUrl();
    const targetUrl = await createPostgresDatabase(adminUrl, "weft_move");
    const name = new URL(targetUrl).pathname.slice(1);
    try {
      const moved = await weft(["db:move", "--to", targetUrl], { WEFT_DATA_DIR: dirA });
      expect(moved.code, moved.stderr).toBe(0);
      expect(moved.stdout).toBe(`DATABASE_URL=${targetUrl}\nWEFT_SECRET_KEY=${keyA}\n`);
      expect(moved.stderr).toMatch(new RegExp(`verified Job: ${contents.Job.length} rows, md5 [0-9a-f]{32}`));
      expect(await tableContents(targetUrl)).toEqual(contents);

      // weft on the moved database, as the printed settings start it.
      setRuntime({
        databaseUrl: targetUrl,
        databaseMode: "postgresql",
        secretKey: Buffer.from(keyA, "hex"),
        ready: true,
      });
      await startNotifyBus({ databaseUrl: targetUrl });
      try {
        expect(await readChecks(credentials)).toEqual(answers);

        await startWorkers(); // the job that was pending in the embedded install runs here
        const api = asKey(credentials);
        await waitFor(async () => {
          const got = await api("/v1/notifications/get", { organizationId: "org", userId: NOTIFY_ALL_RECIPIENT });
          return got.body.result?.data?.length === 1;
        }, 30_000);
      } finally {
        await stopWorkers();
        await stopNotifyBus();
        await disconnectDb();
      }

      const again = await weft(["db:move", "--to", targetUrl], { WEFT_DATA_DIR: dirA });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^error: The target database is not empty/);
    } finally {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
