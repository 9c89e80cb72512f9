import { createReadStream, createWriteStream, renameSync, rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { BackupError } from "./load";
import { parseRecord, type BackupRecord } from "./format";

// The backup file on disk: the records as gzip'd JSON lines. Written to `<file>.partial` and renamed when
// complete, so a crash or a failed dump never leaves a file that looks like a finished backup.

/** Where a backup is written until it is complete. */
export const partialFile = (file: string) => `${file}.partial`;

export async function writeBackupFile(records: AsyncIterable<BackupRecord>, file: string): Promise<number> {
  const partial = partialFile(file);
  let bytes = 0;
  async function* lines() {
    for await (const record of records) yield JSON.stringify(record) + "\n";
  }
  try {
    // A fresh file, 0600 (the backup holds encrypted secrets and keyed token hashes): whatever is left at the
    // partial name goes first (a symlink is removed, not followed), and `wx` (O_CREAT|O_EXCL) refuses to write
    // through anything that appears there meanwhile.
    rmSync(partial, { force: true });
    const out = createWriteStream(partial, { mode: 0o600, flags: "wx" });
    const gzip = createGzip();
    gzip.on("data", (chunk: Buffer) => (bytes += chunk.length));
    await pipeline(Readable.from(lines()), gzip, out);
    renameSync(partial, file);
    return bytes;
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
}

export async function* readBackupFile(file: string): AsyncGenerator<BackupRecord> {
  const gunzip = createGunzip();
  // pipe() does not pass on the file's errors (a missing file): hand them to the stream being read.
  const input = createReadStream(file)
    .on("error", (e) => gunzip.destroy(e))
    .pipe(gunzip);
  const lines = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  try {
    for await (const line of lines) {
      n += 1;
      if (!line) continue;
      let record: BackupRecord;
      try {
        record = parseRecord(line);
      } catch {
        throw new BackupError(`${file} is not a weft backup or is damaged (line ${n}).`);
      }
      yield record;
    }
  } catch (e) {
    if (e instanceof BackupError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new BackupError(`${file} does not exist.`);
    throw new BackupError(`${file} is not a weft backup or is damaged (${(e as Error).message}).`);
  }
}
