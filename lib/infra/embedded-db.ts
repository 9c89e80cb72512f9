import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
  accessSync,
  constants,
  lstatSync,
} from "node:fs";
import path from "node:path";
import { EngineError, startCluster } from "./embedded-postgres";
import { needsUpgrade, upgradePglite } from "./pglite-upgrade";

// The embedded database of an install without DATABASE_URL: a PostgreSQL cluster in the data dir
// (`<data dir>/postgres`, lib/infra/embedded-postgres.ts), reached over a Unix socket in that directory. One
// process owns a data dir: it writes `server.json` (0600) with its pid and the database URL, where the operator
// CLI of the same user finds the running server's database. The dir is 0700 and its files 0600, so other local
// users can read neither the data nor connect. A data dir of an earlier weft (PGlite files in `pglite/`) is
// moved into the cluster on its first start (lib/infra/pglite-upgrade.ts).

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
  /** Resolves when the server exits; `expected` is false when nobody asked it to. */
  exited: Promise<{ expected: boolean; code: number | null }>;
}

interface OwnerFile {
  pid: number;
  databaseUrl: string;
  role: string;
  startedAt: string;
}

export class DataDirError extends Error {}

function ownerPath(dataDir: string) {
  return path.join(dataDir, "server.json");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live process serving this data dir, if any. */
export function runningOwner(dataDir: string): OwnerFile | undefined {
  try {
    const info = JSON.parse(readFileSync(ownerPath(dataDir), "utf8")) as OwnerFile;
    return info.pid !== process.pid && isAlive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

/** A new embedded cluster takes about 40 MB (its first write-ahead log segment is 16 MB); refuse one with less free. */
const FREE_BYTES_FOR_NEW_DATABASE = 64 * 1024 * 1024;
const FIX = "Set WEFT_DATA_DIR to a writable directory with free space, or set DATABASE_URL.";

function freeBytes(dir: string): number | undefined {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return undefined;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function noSpace(dir: string, free: number | undefined) {
  return new DataDirError(
    `The data directory ${dir} has no space left${free === undefined ? "" : ` (${megabytes(free)} free)`}. ${FIX}`,
  );
}

export function ensureWritableDir(dir: string) {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    accessSync(dir, constants.W_OK);
    const probe = path.join(dir, `.write-probe-${process.pid}`);
    writeFileSync(probe, "ok");
    rmSync(probe);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? "error";
    if (code === "ENOSPC") throw noSpace(dir, freeBytes(dir));
    const readOnly = code === "EROFS" ? " (a read-only file system)" : "";
    throw new DataDirError(`The data directory ${dir} is not writable (${code})${readOnly}. ${FIX}`);
  }
}

function ensureRoomForNewDatabase(dataDir: string, pgDir: string) {
  if (existsSync(pgDir) && readdirSync(pgDir).length > 0) return;
  const free = freeBytes(dataDir);
  if (free !== undefined && free < FREE_BYTES_FOR_NEW_DATABASE) {
    throw new DataDirError(
      `The data directory ${dataDir} has ${megabytes(free)} free; a new embedded database needs at least ${megabytes(FREE_BYTES_FOR_NEW_DATABASE)}. ${FIX}`,
    );
  }
}

/** initdb and PostgreSQL report a full disk in their own words; name the cause when the disk is the problem. */
function explainStartFailure(dataDir: string, e: unknown): unknown {
  const free = freeBytes(dataDir);
  const text = String((e as Error)?.message ?? e);
  if (/ENOSPC|no space|could not extend/i.test(text) || (free !== undefined && free < 1024 * 1024))
    return noSpace(dataDir, free);
  if (/EROFS|EACCES|EPERM|read-only/i.test(text))
    return new DataDirError(`The data directory ${dataDir} is not writable (${text}). ${FIX}`);
  if (e instanceof EngineError) return new DataDirError(e.message);
  return e;
}

function claimOwnership(dataDir: string, info: OwnerFile) {
  const file = ownerPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeFileSync(fd, JSON.stringify(info, null, 2));
      closeSync(fd);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const owner = runningOwner(dataDir);
      if (owner) {
        throw new DataDirError(
          `The data directory ${dataDir} is in use by process ${owner.pid} (${owner.role}). Stop it first, or use another WEFT_DATA_DIR.`,
        );
      }
      rmSync(file, { force: true }); // left behind by a process that died
    }
  }
  throw new DataDirError(`Could not claim the data directory ${dataDir}.`);
}

/**
 * Only the owner may read or enter the data dir: 0700 directories, 0600 files, and a umask of 077 for the
 * files the process creates from now on. Existing installs are fixed on start. The cluster directory is
 * PostgreSQL's (it keeps its own files 0700/0600, and as root it belongs to the user the server runs as).
 */
function restrictToOwner(dataDir: string) {
  process.umask(0o077);
  const walk = (p: string) => {
    const stat = lstatSync(p);
    if (stat.isSymbolicLink() || p === clusterDir(dataDir)) return;
    chmodSync(p, stat.isDirectory() ? 0o700 : 0o600);
    if (stat.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(dataDir);
}

/** The PostgreSQL cluster of a data dir. */
export const clusterDir = (dataDir: string) => path.join(dataDir, "postgres");

/** The database weft's tables live in, in the cluster. */
const DATABASE = "weft";

export async function startEmbeddedDatabase(dataDir: string, role: string): Promise<EmbeddedDatabase> {
  ensureWritableDir(dataDir);
  const pgDir = clusterDir(dataDir);
  ensureRoomForNewDatabase(dataDir, pgDir);
  claimOwnership(dataDir, { pid: process.pid, databaseUrl: "", role, startedAt: new Date().toISOString() });
  try {
    restrictToOwner(dataDir);
    if (needsUpgrade(dataDir)) await upgradePglite(dataDir, pgDir, DATABASE);
    const cluster = await startCluster({ dir: pgDir, database: DATABASE });
    const url = cluster.url;
    writeFileSync(
      ownerPath(dataDir),
      JSON.stringify({ pid: process.pid, databaseUrl: url, role, startedAt: new Date().toISOString() }, null, 2),
      { mode: 0o600 },
    );
    let stopped = false;
    return {
      url,
      exited: cluster.exited,
      async stop() {
        if (stopped) return;
        stopped = true;
        await cluster.stop().catch(() => {});
        rmSync(ownerPath(dataDir), { force: true });
      },
    };
  } catch (e) {
    rmSync(ownerPath(dataDir), { force: true });
    throw explainStartFailure(dataDir, e);
  }
}
