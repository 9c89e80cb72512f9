import { writeBackupFile } from "./backup-file";
import { dumpDatabase } from "./dump";
import type { BackupRecord } from "./format";
import type { Install } from "./install";
import { keyCheckValue } from "./key-check";

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  schemaMigrations: number;
}

/** `weft db:backup`: the install's database, one snapshot, into a backup file. */
export async function backupToFile(install: Install, file: string): Promise<BackupSummary> {
  const summary = { file, bytes: 0, tables: 0, rows: 0, schemaMigrations: 0 };
  async function* counted(records: AsyncIterable<BackupRecord>) {
    for await (const record of records) {
      if (!Array.isArray(record) && record.kind === "header") summary.schemaMigrations = record.schemaMigrations.length;
      if (!Array.isArray(record) && record.kind === "end")
        Object.assign(summary, { tables: record.tables, rows: record.rows });
      yield record;
    }
  }
  const records = dumpDatabase({ url: install.url, source: install.mode, keyCheck: keyCheckValue(install.secretKey) });
  summary.bytes = await writeBackupFile(counted(records), file, install.secretKey);
  return summary;
}
