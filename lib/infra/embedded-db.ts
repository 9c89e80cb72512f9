import {
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
} from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { servePglite } from "./pglite-server";

// The embedded PostgreSQL: PGlite files in the data dir, served on a loopback port so that Prisma
// (adapter-pg), workers and the operator CLI all speak the pg protocol exactly as against a real server.
// One process owns a data dir; it records itself in `server.json`, which other processes read to connect.

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface OwnerFile {
  pid: number;
  databaseUrl: string;
  role: string;
  startedAt: string;
}

export class DataDirError extends Error {}

const databaseUrlFor = (port: number) => `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`;

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

/** A new embedded database takes about 40 MB; refuse to start one with less than this free. */
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
    mkdirSync(dir, { recursive: true });
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

/** PGlite reports a full disk as a generic file-system error; name the cause when the disk is the problem. */
function explainStartFailure(dataDir: string, e: unknown): unknown {
  const free = freeBytes(dataDir);
  const text = String((e as Error)?.message ?? e);
  if (/ENOSPC|no space/i.test(text) || (free !== undefined && free < 1024 * 1024)) return noSpace(dataDir, free);
  if (/EROFS|EACCES|EPERM|read-only/i.test(text))
    return new DataDirError(`The data directory ${dataDir} is not writable (${text}). ${FIX}`);
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

export async function startEmbeddedDatabase(dataDir: string, role: string): Promise<EmbeddedDatabase> {
  ensureWritableDir(dataDir);
  const pgDir = path.join(dataDir, "pglite");
  ensureRoomForNewDatabase(dataDir, pgDir);
  mkdirSync(pgDir, { recursive: true });
  claimOwnership(dataDir, { pid: process.pid, databaseUrl: "", role, startedAt: new Date().toISOString() });
  try {
    const pg = await PGlite.create(pgDir);
    const server = await servePglite(pg);
    const url = databaseUrlFor(server.port);
    writeFileSync(
      ownerPath(dataDir),
      JSON.stringify({ pid: process.pid, databaseUrl: url, role, startedAt: new Date().toISOString() }, null, 2),
    );
    let stopped = false;
    return {
      url,
      async stop() {
        if (stopped) return;
        stopped = true;
        await server.stop().catch(() => {});
        await pg.close().catch(() => {});
        rmSync(ownerPath(dataDir), { force: true });
      },
    };
  } catch (e) {
    rmSync(ownerPath(dataDir), { force: true });
    throw explainStartFailure(dataDir, e);
  }
}

/** An in-memory PGlite on a loopback port: the test suite's database. */
export async function startMemoryDatabase(): Promise<EmbeddedDatabase> {
  const pg = await PGlite.create("memory://");
  const server = await servePglite(pg);
  return {
    url: databaseUrlFor(server.port),
    async stop() {
      await server.stop().catch(() => {});
      await pg.close().catch(() => {});
    },
  };
}
