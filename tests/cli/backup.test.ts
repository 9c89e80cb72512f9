import { randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import { gunzipSync, gzipSync } from "node:zlib";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeBackupFile, readBackupFile } from "@/lib/infra/backup/backup-file";
import { backupToFile } from "@/lib/infra/backup/backup";
import { listTables, tableChecksum } from "@/lib/infra/backup/catalog";
import { connectRaw, ident } from "@/lib/infra/backup/connection";
import type { BackupRecord, TableRecord } from "@/lib/infra/backup/format";
import type { Install } from "@/lib/infra/backup/install";
import { restoreFromFile } from "@/lib/infra/backup/restore";
import { db } from "@/lib/infra/db";
import { runtime } from "@/lib/infra/runtime";
import { asKey, newWorkspace, uniqueEmail, useTestDatabase } from "../helpers/api";
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
    await writeBackupFile(withoutEnd(), cut, runtime().secretKey);
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

  it("writes a fresh 0600 file: a <file>.partial left in place (a symlink, a readable file) is never written through", async () => {
    const victim = path.join(tmp, "victim.txt");
    writeFileSync(victim, "keep me");
    const viaLink = path.join(tmp, "linked.backup");
    symlinkSync(victim, `${viaLink}.partial`);
    await backupToFile(install(), viaLink);
    expect(readFileSync(victim, "utf8")).toBe("keep me");
    expect(lstatSync(viaLink).isFile()).toBe(true);
    expect(statSync(viaLink).mode & 0o777).toBe(0o600);

    const viaOpenFile = path.join(tmp, "open.backup");
    writeFileSync(`${viaOpenFile}.partial`, "", { mode: 0o644 });
    chmodSync(`${viaOpenFile}.partial`, 0o644);
    await backupToFile(install(), viaOpenFile);
    expect(statSync(viaOpenFile).mode & 0o777).toBe(0o600);
    expect(existsSync(`${viaOpenFile}.partial`)).toBe(false);
  });

  it("refuses a backup whose rows were changed, checksums recomputed and all, and restores nothing of it", async () => {
    const url = database.current!.url;
    const victim = await newWorkspace(uniqueEmail("owner"));
    const original = path.join(tmp, "authentic.backup");
    await backupToFile(install(), original);

    // Whoever can write the backup storage rewrites the owner's email and fixes the table's row checksum, as
    // any PostgreSQL computes it (the checksum is keyless).
    const lines = gunzipSync(readFileSync(original)).toString("utf8").split("\n");
    const at = lines.findIndex((l) => l.startsWith('{"kind":"table","name":"Workspace"'));
    const table = JSON.parse(lines[at]) as TableRecord;
    const emailColumn = table.columns.findIndex((c) => c.name === "ownerEmail");
    const rows: (string | null)[][] = [];
    for (let i = at + 1; i <= at + table.rowCount; i++) {
      const row = JSON.parse(lines[i]) as (string | null)[];
      if (row[emailColumn] === victim.email) row[emailColumn] = "attacker@evil.test";
      rows.push(row);
      lines[i] = JSON.stringify(row);
    }
    expect(lines.join("\n")).toContain("attacker@evil.test");
    lines[at] = JSON.stringify({ ...table, checksum: await checksumOf(url, table, rows) });
    const altered = path.join(tmp, "altered.backup");
    writeFileSync(altered, gzipSync(lines.join("\n")));

    await wipe(url);
    const e = await rejection(restoreFromFile(altered, target()));
    expect(e.message).toMatch(/has been altered.*not made by this install/);
    expect((await tableContents(url)).Workspace).toEqual([]);
    // The authentic file restores.
    await restoreFromFile(original, target());
    expect(await db().workspace.count({ where: { ownerEmail: victim.email } })).toBe(1);
  });
});

/** The row checksum of `rows` as the backup computes it for `table`, from a scratch table of the same shape. */
async function checksumOf(url: string, table: TableRecord, rows: (string | null)[][]): Promise<string> {
  const client = await connectRaw(url);
  try {
    await client.query(`CREATE TEMP TABLE scratch (LIKE ${ident(table.name)})`);
    const width = table.columns.length;
    const tuples = rows.map((_, r) => `(${table.columns.map((_, c) => `$${r * width + c + 1}`).join(", ")})`);
    await client.query(
      `INSERT INTO scratch (${table.columns.map((c) => ident(c.name)).join(", ")}) VALUES ${tuples.join(", ")}`,
      rows.flat(),
    );
    return (await tableChecksum(client, { name: "scratch", columns: table.columns })).checksum;
  } finally {
    await client.end();
  }
}
