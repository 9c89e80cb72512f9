import { randomBytes } from "node:crypto";
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
import { Worker } from "node:worker_threads";

// The embedded PostgreSQL: PGlite files in the data dir, served on a loopback port so that Prisma
// (adapter-pg), workers and the operator CLI all speak the pg protocol exactly as against a real server.
// PGlite and its socket server run in a worker thread (embedded-db-worker.mjs), off the request thread.
// The socket asks for a password made at each start (SCRAM-SHA-256); the URL that carries it is in
// `server.json` (0600), where other processes of the same user read it to connect. One process owns a
// data dir; the dir is 0700 and its files 0600, so other local users can read neither the data nor the URL.

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

const databaseUrlFor = (port: number, password: string) =>
  `postgresql://postgres:${password}@127.0.0.1:${port}/postgres?sslmode=disable`;

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

/**
 * Only the owner may read or enter the data dir: 0700 directories, 0600 files, and a umask of 077 for the
 * files PGlite (and the rest of the process) creates from now on. Existing installs are fixed on start.
 */
function restrictToOwner(dataDir: string) {
  process.umask(0o077);
  const walk = (p: string) => {
    const stat = lstatSync(p);
    if (stat.isSymbolicLink()) return;
    chmodSync(p, stat.isDirectory() ? 0o700 : 0o600);
    if (stat.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(dataDir);
}

interface DatabaseThread {
  port: number;
  stop(): Promise<void>;
}

const WORKER_FILE = "lib/infra/embedded-db-worker.mjs";
const STOP_TIMEOUT_MS = 30_000;

/** Starts PGlite on the directory `dir` and its socket server in a worker thread. */
function startDatabaseThread(dir: string, password: string): Promise<DatabaseThread> {
  // Loaded from disk, not bundled (like scripts/schema-engine.mjs): the worker needs a file of its own.
  const worker = new Worker(path.join(process.cwd(), WORKER_FILE), { workerData: { dir, password } });
  let stopping = false;
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    worker.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  return new Promise<DatabaseThread>((resolve, reject) => {
    const fail = (e: Error) => {
      reject(e);
      void worker.terminate();
    };
    worker.once("error", fail);
    void exit.then(() => {
      if (!stopping) fail(new Error("the embedded database thread exited"));
    });
    worker.once("message", (m: { type: string; port?: number; message?: string; code?: string }) => {
      if (m.type !== "ready") {
        fail(Object.assign(new Error(m.message ?? "the embedded database did not start"), { code: m.code }));
        return;
      }
      worker.off("error", fail);
      worker.on("error", (e) => console.error("weft: the embedded database thread failed:", e));
      void exit.then(() => {
        if (!stopping) console.error("weft: the embedded database thread exited unexpectedly");
      });
      resolve({
        port: m.port!,
        async stop() {
          if (stopping) return exit;
          stopping = true;
          if (exited) return;
          const stopped = new Promise<{ error?: string }>((r) =>
            worker.on("message", (reply: { type: string; error?: string }) => reply.type === "stopped" && r(reply)),
          );
          worker.postMessage({ type: "stop" });
          const timeout = new Promise<{ error: string }>((r) =>
            setTimeout(() => r({ error: "timed out" }), STOP_TIMEOUT_MS).unref(),
          );
          const reply = await Promise.race([stopped, exit.then(() => ({ error: "exited" })), timeout]);
          if (reply.error) console.error(`weft: closing the embedded database: ${reply.error}`);
          await worker.terminate();
        },
      });
    });
  });
}

export async function startEmbeddedDatabase(dataDir: string, role: string): Promise<EmbeddedDatabase> {
  ensureWritableDir(dataDir);
  const pgDir = path.join(dataDir, "pglite");
  ensureRoomForNewDatabase(dataDir, pgDir);
  mkdirSync(pgDir, { recursive: true });
  claimOwnership(dataDir, { pid: process.pid, databaseUrl: "", role, startedAt: new Date().toISOString() });
  try {
    restrictToOwner(dataDir);
    const password = randomBytes(24).toString("hex");
    const thread = await startDatabaseThread(pgDir, password);
    restrictToOwner(dataDir); // PGlite sets the modes of the files it creates itself (0666 and 0777)
    const url = databaseUrlFor(thread.port, password);
    writeFileSync(
      ownerPath(dataDir),
      JSON.stringify({ pid: process.pid, databaseUrl: url, role, startedAt: new Date().toISOString() }, null, 2),
      { mode: 0o600 },
    );
    let stopped = false;
    return {
      url,
      async stop() {
        if (stopped) return;
        stopped = true;
        await thread.stop().catch(() => {});
        rmSync(ownerPath(dataDir), { force: true });
      },
    };
  } catch (e) {
    rmSync(ownerPath(dataDir), { force: true });
    throw explainStartFailure(dataDir, e);
  }
}

/**
 * An in-memory PGlite on a loopback port: the test suite's database. It stays on the calling thread: vitest
 * already runs test files in parallel processes, and measured on two files of tests/api the suite ran about
 * 10 % faster with the database in-thread than in a worker thread.
 */
export async function startMemoryDatabase(): Promise<EmbeddedDatabase> {
  const [{ PGlite }, { servePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("./pglite-server.mjs"),
  ]);
  const password = randomBytes(24).toString("hex");
  const pg = await PGlite.create("memory://");
  const server = await servePglite(pg, { password });
  return {
    url: databaseUrlFor(server.port, password),
    async stop() {
      await server.stop().catch(() => {});
      await pg.close().catch(() => {});
    },
  };
}
