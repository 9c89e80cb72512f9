import type pg from "pg";
import {
  appliedMigrations,
  EMPTY_TABLE_CHECKSUM,
  listTables,
  readSequences,
  tableChecksum,
  UNCOPIED_TABLES,
} from "./catalog";
import { connectRaw, ident } from "./connection";
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupRecord, type HeaderRecord } from "./format";

// Reads a whole database as backup records, in one read-only snapshot: every table (without the rows of
// UNCOPIED_TABLES), its checksum and the sequences are taken from the same transaction, so the copy is
// consistent while the server keeps writing.

const MAX_FETCH_ROWS = 500;
const FETCH_CHARS = 16 * 1024 * 1024;

export interface DumpSource {
  url: string;
  source: HeaderRecord["source"];
  keyCheck: string;
}

export async function* dumpDatabase(from: DumpSource): AsyncGenerator<BackupRecord> {
  const client = await connectRaw(from.url);
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    yield {
      kind: "header",
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      source: from.source,
      schemaMigrations: await appliedMigrations(client),
      keyCheck: from.keyCheck,
    };
    let rows = 0;
    const tables = await listTables(client);
    for (const table of tables) {
      if (UNCOPIED_TABLES.has(table.name)) {
        yield { kind: "table", name: table.name, columns: table.columns, rowCount: 0, checksum: EMPTY_TABLE_CHECKSUM };
        continue;
      }
      yield { kind: "table", name: table.name, columns: table.columns, ...(await tableChecksum(client, table)) };
      for await (const row of readRows(
        client,
        table.name,
        table.columns.map((c) => c.name),
      )) {
        rows += 1;
        yield row;
      }
    }
    yield { kind: "sequences", values: await readSequences(client) };
    await client.query("COMMIT");
    yield { kind: "end", tables: tables.length, rows };
  } finally {
    await client.end().catch(() => {});
  }
}

async function* readRows(client: pg.Client, table: string, columns: string[]): AsyncGenerator<(string | null)[]> {
  await client.query(
    `DECLARE weft_dump NO SCROLL CURSOR FOR SELECT ${columns.map(ident).join(", ")} FROM ${ident(table)}`,
  );
  // Small rows come 500 at a time; big ones (CRDT state, up to megabytes each) fewer, to bound memory.
  for (let fetch = MAX_FETCH_ROWS; ;) {
    const batch = await client.query<(string | null)[]>({ text: `FETCH ${fetch} FROM weft_dump`, rowMode: "array" });
    let chars = 0;
    for (const row of batch.rows) {
      for (const value of row) chars += value?.length ?? 0;
      yield row;
    }
    if (batch.rows.length < fetch) break;
    fetch = Math.max(1, Math.min(MAX_FETCH_ROWS, Math.floor(FETCH_CHARS / Math.max(1, chars / batch.rows.length))));
  }
  await client.query("CLOSE weft_dump");
}
