import { createHmac, type Hmac } from "node:crypto";
import { createReadStream, createWriteStream, renameSync, rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { constantTimeEqual, subkey } from "../crypto";
import { BackupError } from "./load";
import { parseRecord, type BackupRecord, type EndRecord } from "./format";

// The backup file on disk: the records as gzip'd JSON lines. Written to `<file>.partial` and renamed when
// complete, so a crash or a failed dump never leaves a file that looks like a finished backup.
// The file is authenticated: its end record carries an HMAC-SHA256, under a subkey of the install's secret key,
// of every line before it and of the end record itself. The tables' checksums are keyless (anyone can recompute
// them), so without the MAC whoever can write backup storage could change a row (a workspace's owner email) and
// have it restored. Reading a file checks the MAC when it reaches the end record, before handing that record on,
// so a restore of an altered file fails before it commits.

/** Where a backup is written until it is complete. */
export const partialFile = (file: string) => `${file}.partial`;

const macKey = (secretKey: Buffer) => subkey("backup-mac", secretKey);

/** The end record's text as the MAC covers it (without the MAC, in a fixed member order). */
const endText = (end: EndRecord) => JSON.stringify({ kind: end.kind, tables: end.tables, rows: end.rows });

const isEnd = (record: BackupRecord): record is EndRecord => !Array.isArray(record) && record.kind === "end";

export async function writeBackupFile(
  records: AsyncIterable<BackupRecord>,
  file: string,
  secretKey: Buffer,
): Promise<number> {
  const partial = partialFile(file);
  let bytes = 0;
  async function* lines() {
    const mac = createHmac("sha256", macKey(secretKey));
    for await (const record of records) {
      if (isEnd(record)) {
        yield JSON.stringify({ ...record, mac: mac.update(endText(record)).digest("base64url") }) + "\n";
        continue;
      }
      const line = JSON.stringify(record) + "\n";
      mac.update(line);
      yield line;
    }
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

export interface ReadOptions {
  /** The install's secret key: the file's MAC is checked under it at the end record. Only the header is read without. */
  secretKey?: Buffer;
}

export async function* readBackupFile(file: string, opts: ReadOptions = {}): AsyncGenerator<BackupRecord> {
  const gunzip = createGunzip();
  // pipe() does not pass on the file's errors (a missing file): hand them to the stream being read.
  const input = createReadStream(file)
    .on("error", (e) => gunzip.destroy(e))
    .pipe(gunzip);
  const lines = createInterface({ input, crlfDelay: Infinity });
  const mac: Hmac | undefined = opts.secretKey && createHmac("sha256", macKey(opts.secretKey));
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
      if (mac && isEnd(record)) checkMac(file, mac, record);
      else mac?.update(line + "\n");
      yield record;
    }
  } catch (e) {
    if (e instanceof BackupError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new BackupError(`${file} does not exist.`);
    throw new BackupError(`${file} is not a weft backup or is damaged (${(e as Error).message}).`);
  }
}

function checkMac(file: string, mac: Hmac, end: EndRecord) {
  const expected = mac.update(endText(end)).digest("base64url");
  if (end.mac !== undefined && constantTimeEqual(end.mac, expected)) return;
  throw new BackupError(
    `${file} has been altered since it was written, or was not made by this install (its authentication code ` +
      "does not match under this secret key): nothing was restored.",
  );
}
