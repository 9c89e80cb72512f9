import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { appliedMigrations } from "./backup/catalog";
import { connectRaw } from "./backup/connection";
import { dumpDatabase } from "./backup/dump";
import { loadDatabase } from "./backup/load";
import { startCluster } from "./embedded-postgres";
import { log } from "./log";
import { deployMigrations } from "./migrate";

// The one-time upgrade of a data dir written by a weft that embedded PGlite (its files in `<data dir>/pglite`)
// into the embedded PostgreSQL: a new cluster is made beside it, brought to the old data's schema version, filled
// by the db:move machinery (one snapshot, every table verified by row count and checksum before commit), brought
// to the current schema, and only then put in place. The PGlite directory is kept beside it, renamed, as the
// backup. Each step can be interrupted: the cluster is built under a temporary name and renamed last.

const SERVER = "lib/infra/pglite-upgrade-server.mjs";

export const legacyDir = (dataDir: string) => path.join(dataDir, "pglite");

/** True when the data dir holds an earlier weft's PGlite database that has not been moved yet. */
export function needsUpgrade(dataDir: string): boolean {
  const dir = legacyDir(dataDir);
  return existsSync(path.join(dir, "PG_VERSION")) && readdirSync(dir).length > 0;
}

/** Serves the PGlite dir on a Unix socket in the data dir (0700: nobody else can connect) from a child process. */
async function servePglite(dataDir: string) {
  const socketDir = path.join(dataDir, "pglite-upgrade.socket");
  rmSync(socketDir, { recursive: true, force: true });
  mkdirSync(socketDir, { mode: 0o700 });
  const child = spawn(
    process.execPath,
    [path.join(process.cwd(), SERVER), legacyDir(dataDir), path.join(socketDir, ".s.PGSQL.5432")],
    {
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (c: Buffer) => {
      output += c.toString();
      if (output.includes("ready")) resolve();
    });
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    void exited.then((code) => reject(new Error(`the PGlite reader exited (${code}): ${output.trim()}`)));
  });
  return {
    url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`,
    async stop() {
      child.stdin.end();
      await exited;
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/**
 * Moves `<data dir>/pglite` into the cluster directory `target` (which must not exist yet) and renames the PGlite
 * directory to `pglite-before-postgresql-<time>`. Returns what was copied.
 */
export async function upgradePglite(dataDir: string, target: string, database: string) {
  if (existsSync(path.join(target, "PG_VERSION"))) return keepAsBackup(dataDir, { tables: [], rows: 0, ms: 0 });
  const started = Date.now();
  const building = `${target}.upgrading`;
  rmSync(building, { recursive: true, force: true }); // an interrupted earlier attempt
  log.info("moving the PGlite database of an earlier weft into the embedded PostgreSQL", { dataDir });
  const source = await servePglite(dataDir);
  let tables: { name: string; rows: number }[];
  try {
    const cluster = await startCluster({ dir: building, database });
    try {
      const client = await connectRaw(source.url);
      const migrations = await appliedMigrations(client).finally(() => client.end());
      tables = await loadDatabase(dumpDatabase({ url: source.url, source: "embedded", keyCheck: "" }), {
        url: cluster.url,
        force: false,
        keyMatches: () => true, // the same install: its own key
        prepareTarget: async () => void (await deployMigrations(cluster.url, migrations)),
      });
      await deployMigrations(cluster.url);
    } finally {
      await cluster.stop();
    }
  } finally {
    await source.stop();
  }
  renameSync(building, target);
  return keepAsBackup(dataDir, { tables, rows: tables.reduce((n, t) => n + t.rows, 0), ms: Date.now() - started });
}

/** The moved PGlite directory stays beside the cluster under a dated name; the log line says where. */
function keepAsBackup(dataDir: string, moved: { tables: { name: string; rows: number }[]; rows: number; ms: number }) {
  const backup = path.join(dataDir, `pglite-before-postgresql-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  renameSync(legacyDir(dataDir), backup);
  log.info(
    "moved the PGlite database of an earlier weft into the embedded PostgreSQL; its files are kept as a backup",
    {
      tables: moved.tables.length,
      rows: moved.rows,
      backup,
      ms: moved.ms,
    },
  );
  return { ...moved, backup };
}
