import type pg from "pg";
import { appliedMigrations, listTables, MIGRATIONS_TABLE, tableChecksum, type TableInfo } from "./catalog";
import { connectRaw, ident } from "./connection";
import {
  BACKUP_VERSION,
  type BackupRecord,
  type HeaderRecord,
  type Row,
  type SequencesRecord,
  type TableRecord,
} from "./format";

// Writes backup records into a database whose schema weft's migrations have deployed: checks the schema version
// and the key first, then fills every table in one transaction (refusing a non-empty database unless `force`,
// which empties it first), sets the sequences, and checks each table's row count and checksum against the
// source before committing. Any mismatch rolls everything back.

export class BackupError extends Error {}

export interface LoadOptions {
  url: string;
  force: boolean;
  /** True when the header's key check opens under the secret key the target install runs with. */
  keyMatches(keyCheck: string): boolean;
  /** Runs once the key is known to match, before anything is read from or written to the target. */
  prepareTarget(): Promise<void>;
}

export interface TableResult {
  name: string;
  rows: number;
  checksum: string;
}

const MAX_PARAMS = 30_000;
const MAX_BATCH_CHARS = 4 * 1024 * 1024;

export async function loadDatabase(records: AsyncIterable<BackupRecord>, opts: LoadOptions): Promise<TableResult[]> {
  const iterator = records[Symbol.asyncIterator]();
  try {
    const first = await iterator.next();
    if (first.done || Array.isArray(first.value) || first.value.kind !== "header") {
      throw new BackupError("This is not a weft backup (no header).");
    }
    checkFormatVersion(first.value);
    checkKey(first.value, (check) => opts.keyMatches(check));
    await opts.prepareTarget();
    return await fillTarget(first.value, { [Symbol.asyncIterator]: () => iterator }, opts);
  } finally {
    // Ends the source early on a failure (a dump's snapshot transaction, an open file).
    await iterator.return?.(undefined);
  }
}

async function fillTarget(header: HeaderRecord, records: AsyncIterable<BackupRecord>, opts: LoadOptions) {
  const client = await connectRaw(opts.url);
  try {
    await checkSchemaVersion(client, header);
    await client.query("BEGIN");
    const results = await fill(client, records, opts.force);
    await client.query("COMMIT");
    return results;
  } catch (e) {
    await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    await client.end().catch(() => {});
  }
}

function checkFormatVersion(header: HeaderRecord) {
  if (header.version === BACKUP_VERSION) return;
  throw new BackupError(
    header.version < BACKUP_VERSION
      ? `This backup has format version ${header.version}, from before backups were authenticated; this weft ` +
          `restores only authenticated backups (version ${BACKUP_VERSION}). Restore it with the weft version that ` +
          "made it, then take a new backup."
      : `This backup has format version ${header.version}, newer than this weft reads (${BACKUP_VERSION}): ` +
          "restore it with the weft version that made it.",
  );
}

export function checkKey(header: HeaderRecord, keyMatches: (keyCheck: string) => boolean) {
  if (keyMatches(header.keyCheck)) return;
  throw new BackupError(
    "The secret key does not match the one this backup was made with, so the stored tokens and secrets could " +
      "not be read. Set WEFT_SECRET_KEY to the key of the install the backup came from (its WEFT_SECRET_KEY, " +
      "or the contents of its data dir's secret.key) and run again.",
  );
}

async function checkSchemaVersion(client: pg.Client, header: HeaderRecord) {
  const target = await appliedMigrations(client);
  if (JSON.stringify(target) === JSON.stringify(header.schemaMigrations)) return;
  const missing = header.schemaMigrations.filter((m) => !target.includes(m));
  const extra = target.filter((m) => !header.schemaMigrations.includes(m));
  throw new BackupError(
    `The backup's schema version differs from this weft's: ` +
      (missing.length
        ? `the backup has migrations this weft lacks (${missing.join(", ")}); restore with that weft version. `
        : "") +
      (extra.length
        ? `this weft has migrations the backup lacks (${extra.join(", ")}); restore with the weft version that made ` +
          `the backup, start it once, then upgrade. `
        : ""),
  );
}

async function fill(client: pg.Client, records: AsyncIterable<BackupRecord>, force: boolean): Promise<TableResult[]> {
  const targetTables = new Map((await listTables(client)).map((t) => [t.name, t]));
  await ensureEmpty(client, [...targetTables.values()], force);
  const results: TableResult[] = [];
  let current: { record: TableRecord; info: TableInfo; batch: Row[]; chars: number; inserted: number } | undefined;

  const finishTable = async () => {
    if (!current) return;
    await insertBatch(client, current.info, current.batch);
    current.inserted += current.batch.length;
    results.push(await verifyTable(client, current.record, current.info));
    current = undefined;
  };

  for await (const record of records) {
    if (Array.isArray(record)) {
      if (!current) throw new BackupError("The backup is damaged: a row outside of a table.");
      if (record.length !== current.info.columns.length)
        throw new BackupError(`The backup is damaged: a row of ${current.record.name} has ${record.length} values.`);
      current.batch.push(record);
      current.chars += record.reduce((n, v) => n + (v?.length ?? 0), 0);
      if ((current.batch.length + 1) * record.length > MAX_PARAMS || current.chars > MAX_BATCH_CHARS) {
        await insertBatch(client, current.info, current.batch);
        current.inserted += current.batch.length;
        current.batch = [];
        current.chars = 0;
      }
      continue;
    }
    await finishTable();
    if (record.kind === "table") {
      current = { record, info: matchTable(record, targetTables), batch: [], chars: 0, inserted: 0 };
    } else if (record.kind === "sequences") {
      await setSequences(client, record);
    } else if (record.kind === "end") {
      const missing = [...targetTables.keys()].filter((t) => !results.some((r) => r.name === t));
      if (missing.length) throw new BackupError(`The backup has no data for the tables ${missing.join(", ")}.`);
      return results;
    } else {
      throw new BackupError("The backup is damaged: a second header.");
    }
  }
  throw new BackupError("The backup is incomplete (it ends before its end record): nothing was restored.");
}

async function ensureEmpty(client: pg.Client, tables: TableInfo[], force: boolean) {
  const filled: string[] = [];
  for (const t of tables) {
    const r = await client.query<{ any: string }>(`SELECT EXISTS (SELECT 1 FROM ${ident(t.name)}) AS any`);
    if (r.rows[0].any === "t") filled.push(t.name);
  }
  if (filled.length === 0) return;
  if (!force) {
    throw new BackupError(
      `The target database is not empty (rows in ${filled.join(", ")}). Restore into an empty data dir or ` +
        `database, or add --force to delete everything in it first.`,
    );
  }
  await client.query(`TRUNCATE ${tables.map((t) => ident(t.name)).join(", ")} RESTART IDENTITY CASCADE`);
}

function matchTable(record: TableRecord, targetTables: Map<string, TableInfo>): TableInfo {
  const target = targetTables.get(record.name);
  if (!target || record.name === MIGRATIONS_TABLE) {
    throw new BackupError(`The backup has a table ${record.name} that this database does not have.`);
  }
  const types = new Map(target.columns.map((c) => [c.name, c.type]));
  const differs = record.columns.find((c) => types.get(c.name) !== c.type);
  if (differs || record.columns.length !== target.columns.length) {
    const what = differs ? `column ${differs.name} (${differs.type})` : "its column list";
    throw new BackupError(`The backup's table ${record.name} does not match this database: ${what} differs.`);
  }
  // Insert and checksum in the backup's column order.
  return { name: record.name, columns: record.columns };
}

async function insertBatch(client: pg.Client, table: TableInfo, rows: Row[]) {
  if (rows.length === 0) return;
  const width = table.columns.length;
  const tuples = rows.map((_, r) => `(${table.columns.map((_, c) => `$${r * width + c + 1}`).join(", ")})`);
  await client.query(
    `INSERT INTO ${ident(table.name)} (${table.columns.map((c) => ident(c.name)).join(", ")})
     OVERRIDING SYSTEM VALUE VALUES ${tuples.join(", ")}`,
    rows.flat(),
  );
}

async function verifyTable(client: pg.Client, record: TableRecord, info: TableInfo): Promise<TableResult> {
  const got = await tableChecksum(client, info);
  if (got.rowCount !== record.rowCount || got.checksum !== record.checksum) {
    throw new BackupError(
      `Table ${record.name} does not match its source after copying (rows ${got.rowCount} of ${record.rowCount}, ` +
        `checksum ${got.checksum} vs ${record.checksum}): nothing was restored.`,
    );
  }
  return { name: record.name, rows: got.rowCount, checksum: got.checksum };
}

async function setSequences(client: pg.Client, record: SequencesRecord) {
  for (const s of record.values) {
    await client.query(`SELECT setval($1::regclass, $2::bigint, $3::boolean)`, [
      ident(s.name),
      s.lastValue,
      s.isCalled,
    ]);
  }
}
