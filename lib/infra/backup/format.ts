import { z } from "zod";

// weft's backup file: gzip'd JSON lines. One header, then per table a `table` record followed by its rows (each
// row a JSON array of PostgreSQL text values, null for NULL), then the sequences, then `end` (a file without it
// was cut short). Values are the server's own text form of each column's type (bytea as \x hex, jsonb, arrays,
// timestamps in UTC, bigint as digits), so every type round-trips exactly and the file restores into the embedded
// PostgreSQL or an external one alike. The same records stream straight from one database into another for `db:move`.

export const BACKUP_FORMAT = "weft-backup";
/** 2: the end record carries a MAC over the whole file (backup-file.ts). */
export const BACKUP_VERSION = 2;

export const headerRecord = z.object({
  kind: z.literal("header"),
  format: z.literal(BACKUP_FORMAT),
  /** Checked by the loader, which names the version it cannot read. */
  version: z.number().int(),
  createdAt: z.string(),
  source: z.enum(["embedded", "postgresql"]),
  /** `_prisma_migrations` names, in order: a restore needs exactly this list deployed. */
  schemaMigrations: z.array(z.string()),
  /** A constant sealed under the secret key (lib/infra/crypto.ts): proves the restoring key is the same. */
  keyCheck: z.string(),
});

export const column = z.object({ name: z.string(), type: z.string() });

export const tableRecord = z.object({
  kind: z.literal("table"),
  name: z.string(),
  columns: z.array(column),
  rowCount: z.number().int().min(0),
  /** md5 over the sorted md5s of the rows' text (see catalog.ts tableChecksum), taken in the dump's snapshot. */
  checksum: z.string(),
});

export const sequencesRecord = z.object({
  kind: z.literal("sequences"),
  values: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
});

export const endRecord = z.object({
  kind: z.literal("end"),
  tables: z.number().int(),
  rows: z.number().int(),
  /** In a file: HMAC-SHA256 of every line before and of this record without it (backup-file.ts). */
  mac: z.string().optional(),
});

export type HeaderRecord = z.output<typeof headerRecord>;
export type TableRecord = z.output<typeof tableRecord>;
export type SequencesRecord = z.output<typeof sequencesRecord>;
export type EndRecord = z.output<typeof endRecord>;
export type Column = z.output<typeof column>;
/** One row: the columns' text values in the table record's order. */
export type Row = (string | null)[];
export type BackupRecord = HeaderRecord | TableRecord | Row | SequencesRecord | EndRecord;

export const recordSchema = z.union([headerRecord, tableRecord, sequencesRecord, endRecord]);
const rowSchema = z.array(z.string().nullable());

export function parseRecord(line: string): BackupRecord {
  const value: unknown = JSON.parse(line);
  return Array.isArray(value) ? rowSchema.parse(value) : recordSchema.parse(value);
}
