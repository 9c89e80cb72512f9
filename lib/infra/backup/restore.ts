import { deployMigrations } from "../migrate";
import { readBackupFile } from "./backup-file";
import { dumpDatabase } from "./dump";
import type { Install } from "./install";
import { keyCheckOpens, keyCheckValue } from "./key-check";
import { BackupError, checkKey, loadDatabase, type TableResult } from "./load";

// Restore and move are one path: records (from a file, or streamed from a source database's snapshot) loaded
// into a target that weft's migrations have brought to the current schema.

export interface LoadTarget {
  url: string;
  secretKey: Buffer;
  force: boolean;
}

const loadOptions = (target: LoadTarget) => ({
  url: target.url,
  force: target.force,
  keyMatches: (check: string) => keyCheckOpens(check, target.secretKey),
  prepareTarget: async () => void (await deployMigrations(target.url)),
});

/** `weft db:restore`: a backup file into the target install. */
export async function restoreFromFile(file: string, target: LoadTarget): Promise<TableResult[]> {
  return loadDatabase(readBackupFile(file, { secretKey: target.secretKey }), loadOptions(target));
}

/** `weft db:move`: the source install's snapshot straight into another database, verified table by table. */
export async function copyDatabase(source: Install, target: LoadTarget): Promise<TableResult[]> {
  const records = dumpDatabase({ url: source.url, source: source.mode, keyCheck: keyCheckValue(source.secretKey) });
  return loadDatabase(records, loadOptions(target));
}

/** Refuses a file that is no backup, or whose key check does not open under `secretKey`; reads only the header. */
export async function checkBackupKey(file: string, secretKey: Buffer): Promise<void> {
  for await (const record of readBackupFile(file)) {
    if (Array.isArray(record) || record.kind !== "header") throw new BackupError(`${file} is not a weft backup.`);
    return checkKey(record, (check) => keyCheckOpens(check, secretKey));
  }
  throw new BackupError(`${file} is empty: not a weft backup.`);
}
