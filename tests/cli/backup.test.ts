import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeBackupFile, readBackupFile } from "@/lib/infra/backup/backup-file";
import { backupToFile } from "@/lib/infra/backup/backup";
import { listTables } from "@/lib/infra/backup/catalog";
import { connectRaw, ident } from "@/lib/infra/backup/connection";
import type { BackupRecord } from "@/lib/infra/backup/format";
import type { Install } from "@/lib/infra/backup/install";
import { restoreFromFile } from "@/lib/infra/backup/restore";
import { db } from "@/lib/infra/db";
import { runtime } from "@/lib/infra/runtime";
import { asKey, useTestDatabase } from "../helpers/api";
import { populate, readChecks, tableContents } from "../helpers/backup-fixture";
import { waitFor } from "../helpers/wait";

// backup -> wipe -> restore on the suite's database (in-memory PGlite, or PostgreSQL with DATABASE_URL):
// every table compares equal afterwards, the API answers as before, and a restore refuses a non-empty
// database without force, a wrong key and a cut-off file without writing anything.

const database = useTestDatabase();
const tmp = mkdtempSync(path.join(os.tmpdir(), "weft-backup-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function install(): Install {
  const { databaseUrl, databaseMode, secretKey } = runtime();
  return {
    url: databaseUrl,
    mode: databaseMode,
    secretKey,
    keySource: "WEFT_SECRET_KEY",
    serverRunning: true,
    stop: async () => {},
  };
}

async function wipe(url: string) {
  const client = await connectRaw(url);
  try {
    const tables = await listTables(client);
    await client.query(`TRUNCATE ${tables.map((t) => ident(t.name)).join(", ")} RESTART IDENTITY CASCADE`);
  } finally {
    await client.end();
  }
}

const target = (secretKey = runtime().secretKey, force = false) => ({ url: runtime().databaseUrl, secretKey, force });

async function rejection(p: Promise<unknown>): Promise<Error> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(Error);
  return e as Error;
}

describe("db:backup and db:restore", () => {
  const file = path.join(tmp, "weft.backup");
  let before: Record<string, string[]>;
  let answers: Awaited<ReturnType<typeof readChecks>>;
  let credentials: Awaited<ReturnType<typeof populate>>;

  it("backs up, wipes and restores every table exactly, and the API answers as before", async () => {
    credentials = await populate();
    const url = database.current!.url;
    // Every one-off job done (periodic sweeps are always pending: they never end).
    const open = { status: { in: ["pending", "running"] }, id: { not: { startsWith: "periodic_" } } };
    await waitFor(async () => (await db().job.count({ where: open })) === 0);
    answers = await readChecks(credentials);
    before = await tableContents(url);
    expect(before.CrdtDocument.length + before.CrdtUpdate.length).toBeGreaterThan(0);
    expect(before.CrdtVersion).toHaveLength(1);
    expect(before.Job.length).toBeGreaterThan(0);

    const summary = await backupToFile(install(), file);
    expect(summary).toMatchObject({ file, tables: Object.keys(before).length, schemaMigrations: expect.any(Number) });
    expect(summary.rows).toBe(Object.values(before).reduce((n, rows) => n + rows.length, 0));

    await wipe(url);
    expect((await tableContents(url)).Workspace).toEqual([]);

    const restored = await restoreFromFile(file, target());
    expect(restored.map((t) => t.name).sort()).toEqual(Object.keys(before).sort());
    expect(await tableContents(url)).toEqual(before);
    expect(await readChecks(credentials)).toEqual(answers);
  });

  it("continues the sequences after the restored rows", async () => {
    const client = await connectRaw(database.current!.url);
    try {
      const max = await client.query<{ max: string | null }>(`SELECT max(id) AS max FROM "CrdtUpdate"`);
      const next = await client.query<{ id: string }>(`SELECT nextval('"CrdtUpdate_id_seq"') AS id`);
      expect(BigInt(next.rows[0].id)).toBeGreaterThan(BigInt(max.rows[0].max ?? "0"));
    } finally {
      await client.end();
    }
  });

  it("refuses a non-empty database without force, and replaces its content with force", async () => {
    const url = database.current!.url;
    const refused = await rejection(restoreFromFile(file, target()));
    expect(refused.message).toMatch(/^The target database is not empty \(rows in .*Workspace.*\)\..*--force/);

    await populate(); // more data: force must remove it
    await restoreFromFile(file, target(undefined, true));
    expect(await tableContents(url)).toEqual(before);
  });

  it("refuses a wrong secret key before touching the database", async () => {
    await wipe(database.current!.url);
    const e = await rejection(restoreFromFile(file, target(randomBytes(32))));
    expect(e.message).toMatch(/secret key does not match.*Set WEFT_SECRET_KEY/);
    expect((await tableContents(database.current!.url)).Workspace).toEqual([]);
  });

  it("refuses a file cut short and restores nothing of it", async () => {
    const cut = path.join(tmp, "cut.backup");
    async function* withoutEnd() {
      for await (const record of readBackupFile(file)) {
        if (!Array.isArray(record) && record.kind === "end") return;
        yield record as BackupRecord;
      }
    }
    await writeBackupFile(withoutEnd(), cut);
    const e = await rejection(restoreFromFile(cut, target()));
    expect(e.message).toMatch(/incomplete/);
    expect((await tableContents(database.current!.url)).Workspace).toEqual([]);

    await restoreFromFile(file, target());
    expect(await readChecks(credentials)).toEqual(answers);
  });

  it("takes one snapshot: writes running during the backup never leave a child without its parent", async () => {
    const url = database.current!.url;
    const w = await populate();
    let writing = true;
    let written = 0;
    const writes = (async () => {
      // Each call creates an organization and its document in one transaction: a dump reading the
      // organizations before and the documents after a commit would hold a document without its parent.
      while (writing) {
        const res = await asKey(w)("/v2/organizations/documents/add", {
          organizationId: `busy-${written}`,
          createOrganization: true,
          documents: [{ documentId: "d" }],
        });
        expect(res.status).toBe(200);
        written += 1;
      }
    })();
    const during = path.join(tmp, "during-writes.backup");
    await waitFor(() => written >= 2);
    await backupToFile(install(), during);
    writing = false;
    await writes;

    await wipe(url);
    const restored = await restoreFromFile(during, target());
    const organizations = restored.find((t) => t.name === "Organization")!.rows;
    expect(restored.find((t) => t.name === "Document")!.rows).toBeGreaterThanOrEqual(organizations);
    expect(organizations).toBeGreaterThanOrEqual(3);
    expect(organizations).toBeLessThan(written + 2);
  });
});
