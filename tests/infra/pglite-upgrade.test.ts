import { execFileSync } from "node:child_process";
import { brotliDecompressSync } from "node:zlib";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connectRaw, ident } from "@/lib/infra/backup/connection";
import { reloadEnvForTests } from "@/lib/infra/env";
import { startWeft, type Started } from "@/lib/server/start-weft";
import { readChecks } from "../helpers/backup-fixture";

// A data dir written by the last weft that embedded PGlite (release a93f52c, 2026-11-27: populated through
// the API by tests/helpers/backup-fixture.ts's populate(), then stopped) is moved into the embedded PostgreSQL
// on the first start: every row of every table arrives (in the columns later migrations kept), the API answers
// as it did, the PGlite files stay beside it as a backup, and a log line says so. tests/fixtures/pglite-data-dir.expected.json holds what that
// release answered and every table's rows (as PostgreSQL text, in the column order of that schema).

const fixture = path.resolve("tests/fixtures");
const expected = JSON.parse(readFileSync(path.join(fixture, "pglite-data-dir.expected.json"), "utf8"));
const saved = { ...process.env };
let dataDir: string;
let started: Started | undefined;
const lines: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "weft-upgrade-"));
  execFileSync("tar", ["-x", "-C", dataDir], {
    input: brotliDecompressSync(readFileSync(path.join(fixture, "pglite-data-dir.tar.br"))),
  });
  delete process.env.DATABASE_URL;
  delete process.env.WEFT_SECRET_KEY;
  process.env.WEFT_DATA_DIR = dataDir;
  process.env.WEFT_LOG_LEVEL = "info";
  process.env.WEFT_AUTH_CACHE_MS = "0";
  reloadEnvForTests();
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    started = await startWeft({ role: "cli" });
  } finally {
    spy.mockRestore();
  }
}, 300_000);

afterAll(async () => {
  await started?.stop();
  process.env = { ...saved };
  reloadEnvForTests();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("upgrade of a PGlite data dir", () => {
  it("copies every row of every table of the old schema", async () => {
    const client = await connectRaw(started!.databaseUrl);
    try {
      for (const [table, columns] of Object.entries(expected.columns as Record<string, string[]>)) {
        // Migrations after that release may have dropped columns (their data moved elsewhere by the migration):
        // compare the columns the table still has, the old rows read back as that projection.
        const current = await client.query<{ name: string }>(
          "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
          [table],
        );
        const kept = columns.filter((c) => current.rows.some((r) => r.name === c));
        await client.query(`DROP TYPE IF EXISTS pg_temp.old_row`);
        await client.query(`CREATE TYPE pg_temp.old_row AS (${columns.map((c) => `${ident(c)} text`).join(", ")})`);
        const old = await client.query<{ row: string }>(
          `SELECT ROW(${kept.map((c) => `(r::pg_temp.old_row).${ident(c)}`).join(", ")})::text AS row
           FROM unnest($1::text[]) AS r`,
          [expected.contents[table]],
        );
        const row = `ROW(${kept.map(ident).join(", ")})::text`;
        const r = await client.query<{ row: string }>(`SELECT ${row} AS row FROM ${ident(table)}`);
        expect(r.rows.map((x) => x.row).sort(), table).toEqual(old.rows.map((x) => x.row).sort());
      }
    } finally {
      await client.end();
    }
  });

  it("answers the API with the old credentials as the old release did", async () => {
    expect(await readChecks(expected.credentials)).toEqual(expected.answers);
  });

  it("keeps the PGlite files beside it and says so in the log", () => {
    const backups = readdirSync(dataDir).filter((n) => n.startsWith("pglite-before-postgresql-"));
    expect(backups).toHaveLength(1);
    expect(existsSync(path.join(dataDir, backups[0], "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
    const said = lines.map((l) => JSON.parse(l)).find((l) => l.msg?.startsWith("moved the PGlite database"));
    expect(said).toMatchObject({ level: "info", backup: path.join(dataDir, backups[0]) });
    expect(said.rows).toBe(Object.values(expected.contents as Record<string, string[]>).flat().length);
  });

  it("starts on the moved database the next time, without moving anything again", async () => {
    await started!.stop();
    started = await startWeft({ role: "cli" });
    expect(readdirSync(dataDir).filter((n) => n.startsWith("pglite-before-postgresql-"))).toHaveLength(1);
    expect(await readChecks(expected.credentials)).toEqual(expected.answers);
  });
});
