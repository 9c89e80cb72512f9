// Drives Prisma's WASM schema engine (@prisma/schema-engine-wasm) without the native binary: Prisma 7's CLI
// has no engine-less `migrate`. The engine takes PostgreSQL's advisory lock around applyMigrations, so several
// instances deploying at once against one database apply each migration exactly once. lib/infra/migrate.ts
// loads this file to deploy at start. As a command, `node scripts/schema-engine.mjs <command>`:
//   diff-migrations  SQL from prisma/migrations (replayed on a shadow DB) to prisma/schema/*.prisma: drift
//   diff-empty       SQL from an empty database to prisma/schema/*.prisma
//   create <name>    like `migrate dev --create-only`: writes prisma/migrations/<ts>_<name>/migration.sql
//   deploy           like `migrate deploy` (records applied migrations in _prisma_migrations)
//   status           diagnoseMigrationHistory; exits 1 on a diverged history, failed or edited migrations
//   (also: version, dev-diagnostic, and create-engine: the engine's own createMigration, see below)
// Database: DATABASE_URL (PostgreSQL; the shadow DB is a throw-away CREATE DATABASE). Without it,
// diff-migrations, diff-empty and create use a throw-away embedded PostgreSQL, and deploy and status act on weft's
// embedded data dir (the running server's database, or the engine started here); the npm scripts run this file
// with tsx for that, since the engine is TypeScript (lib/infra/embedded-postgres.ts).
import { readFile, readdir, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from "@prisma/driver-adapter-utils";
import { createRequire } from "node:module";

// @prisma/adapter-pg rejects catalog column types the schema engine's introspection selects
// (e.g. pg_class.relkind is type "char", OID 18) -> "Column type 'char' could not be deserialized".
// Report such columns as TEXT (OID 25); node-postgres already returns them as JS strings. "char" columns are
// then handed to the engine as Character, which it reads them as (PostgreSQL 18 and PGlite list NOT NULL
// constraints in pg_constraint, so describing a schema reads contype "n" through this path).
const charColumns = new WeakMap(); // a result's rows array -> indexes of its "char" columns
{
  const require = createRequire(import.meta.resolve("@prisma/adapter-pg"));
  const Result = require("pg/lib/result.js");
  const addFields = Result.prototype.addFields;
  const AS_TEXT = new Set([
    18 /* char */, 194 /* pg_node_tree */, 24 /* regproc */, 2205 /* regclass */, 2206 /* regtype */,
  ]);
  Result.prototype.addFields = function (fields) {
    const chars = fields.flatMap((f, i) => (f.dataTypeID === 18 ? [i] : []));
    if (chars.length) charColumns.set(this.rows, chars);
    for (const f of fields) if (AS_TEXT.has(f.dataTypeID)) f.dataTypeID = 25;
    return addFields.call(this, fields);
  };
}
const patchedQueryables = new WeakSet();
function reportCharColumns(adapter) {
  const queryable = Object.getPrototypeOf(Object.getPrototypeOf(adapter)); // adapter-pg's PgQueryable
  if (patchedQueryables.has(queryable)) return;
  patchedQueryables.add(queryable);
  const queryRaw = queryable.queryRaw;
  queryable.queryRaw = async function (query) {
    const result = await queryRaw.call(this, query);
    for (const i of charColumns.get(result.rows) ?? []) result.columnTypes[i] = ColumnTypeEnum.Character;
    return result;
  };
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The schema is split by area into prisma/schema/*.prisma; every file goes to the engine.
const SCHEMA_DIR = path.join(ROOT, "prisma/schema");
const MIGRATIONS = path.join(ROOT, "prisma/migrations");

// The engine reports Rust panics through this global before throwing.
globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
  set_message(message) {
    globalThis.__schemaEnginePanic = message;
  },
};

let enginePromise;
function loadEngine() {
  return (enginePromise ??= instantiateEngine());
}
async function instantiateEngine() {
  const bgUrl = import.meta.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const bg = await import(bgUrl);
  const wasmPath = path.join(path.dirname(fileURLToPath(bgUrl)), "schema_engine_bg.wasm");
  const mod = new WebAssembly.Module(await readFile(wasmPath));
  const inst = new WebAssembly.Instance(mod, { "./schema_engine_bg.js": bg });
  bg.__wbg_set_wasm(inst.exports);
  inst.exports.__wbindgen_start();
  return bg.SchemaEngine;
}

/** prisma/migrations, or only the migrations named in `only` (an older install's schema version). */
async function migrationsList(only) {
  const lockPath = path.join(MIGRATIONS, "migration_lock.toml");
  const lock = await readFile(lockPath, "utf8").catch(() => null);
  const dirs = (await readdir(MIGRATIONS, { withFileTypes: true }).catch(() => []))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .filter((name) => !only || only.includes(name))
    .sort();
  const migrationDirectories = [];
  for (const name of dirs) {
    const content = await readFile(path.join(MIGRATIONS, name, "migration.sql"), "utf8").then(
      (v) => ({ tag: "ok", value: v }),
      (e) => ({ tag: "error", value: String(e.message) }),
    );
    migrationDirectories.push({ path: name, migrationFile: { path: "migration.sql", content } });
  }
  return {
    baseDir: MIGRATIONS,
    lockfile: { path: "migration_lock.toml", content: lock },
    migrationDirectories,
    shadowDbInitScript: "",
  };
}

// Migration-aware PrismaPg factory with a working shadow DB. @prisma/adapter-pg 7.10.0's own
// connectToShadowDb() is broken for us twice: (1) with { connectionString } the shadow pool connects to
// the MAIN database (node-postgres lets connectionString override `database`) and replays migrations there;
// (2) its dispose runs DROP DATABASE before closing the shadow pool -> "being accessed by other users" + leak.
// The engine takes pg_advisory_lock for applyMigrations and never unlocks it (the native engine exits the
// process instead), so every connection it opened is closed when a command ends: otherwise the lock stays
// held for the life of the process and a second instance deploying against the same database times out.
function pgFactory(connUrl, opened) {
  const u = new URL(connUrl);
  const cfg = {
    host: u.searchParams.get("host") ?? u.hostname, // ?host=<dir>: a Unix socket (the embedded engine's)
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)) || "postgres",
  };
  return migrationAwareFactory(cfg, opened, async () => {
    const admin = await new PrismaPg(cfg).connect();
    const name = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
    await admin.executeScript(`CREATE DATABASE "${name}"`);
    const shadow = await new PrismaPg({ ...cfg, database: name }).connect();
    return {
      shadow,
      async drop() {
        await admin.executeScript(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.dispose();
      },
    };
  });
}

function migrationAwareFactory(cfg, opened, openShadow) {
  const base = new PrismaPg(cfg);
  return {
    provider: "postgres",
    adapterName: base.adapterName,
    async connect() {
      const adapter = await base.connect();
      reportCharColumns(adapter);
      opened.push(adapter);
      return adapter;
    },
    async connectToShadowDb() {
      const { shadow, drop } = await openShadow();
      reportCharColumns(shadow);
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        await dispose(); // ends the shadow pool first
        await drop();
      };
      return shadow;
    },
  };
}

const LOCKFILE = `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n`;
const filters = { externalTables: [], externalEnums: [] };

/**
 * @param {string} cmd
 * @param {string} [name] migration name for `create`
 * @param {{ url?: string, quiet?: boolean, only?: string[] }} [options] url defaults to DATABASE_URL; `only`:
 *   deploy just these migrations (to bring a database to an older install's schema version)
 */
export async function run(cmd, name, options = {}) {
  const url = options.url ?? process.env.DATABASE_URL;
  const say = options.quiet ? () => {} : (...a) => console.log(...a);
  const names = (await readdir(SCHEMA_DIR)).filter((n) => n.endsWith(".prisma")).sort();
  const files = await Promise.all(
    names.map(async (n) => ({
      path: path.join(SCHEMA_DIR, n),
      content: await readFile(path.join(SCHEMA_DIR, n), "utf8"),
    })),
  );
  const SchemaEngine = await loadEngine();
  const opened = [];
  if (!url) throw new Error("DATABASE_URL is not set");
  const factory = pgFactory(url, opened);
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  const engine = await SchemaEngine.new(
    { datamodels: files.map((f) => [f.path, f.content]) },
    (log) => process.env.DEBUG && console.error("[se]", log),
    adapter,
  );
  try {
    if (cmd === "version") {
      console.log(await engine.version());
    } else if (cmd === "diff-empty") {
      const r = await engine.diff({
        from: { tag: "empty" },
        to: { tag: "schemaDatamodel", files },
        script: true,
        exitCode: null,
        filters,
      });
      process.stdout.write(r.stdout ?? "");
    } else if (cmd === "diff-migrations") {
      const r = await engine.diff({
        from: { tag: "migrations", ...(await migrationsList()) },
        to: { tag: "schemaDatamodel", files },
        script: true,
        exitCode: null,
        filters,
      });
      process.stdout.write(r.stdout ?? "");
    } else if (cmd === "create") {
      // Like `prisma migrate dev --create-only`, without touching the dev DB: replay prisma/migrations on a
      // throw-away shadow DB, diff against prisma/schema, write the SQL as a new migration folder.
      const list = await migrationsList();
      list.lockfile.content ??= LOCKFILE;
      const r = await engine.diff({
        from: { tag: "migrations", ...list },
        to: { tag: "schemaDatamodel", files },
        script: true,
        exitCode: null,
        filters,
      });
      const sql = r.stdout ?? "";
      if (/^-- This is an empty migration\.?\s*$/.test(sql.trim())) {
        console.error("No schema changes; nothing written.");
        return;
      }
      if (/\bDROP\b/i.test(sql))
        console.error("WARNING: this migration drops tables or columns; review it for data loss.");
      const ts = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
      const dir = `${ts}_${(name ?? "migration").replace(/[^A-Za-z0-9_]/g, "_")}`;
      await mkdir(path.join(MIGRATIONS, dir), { recursive: true });
      await writeFile(path.join(MIGRATIONS, dir, "migration.sql"), sql);
      await writeFile(path.join(MIGRATIONS, "migration_lock.toml"), list.lockfile.content);
      console.log("created", dir);
    } else if (cmd === "create-engine") {
      // Engine's own createMigration (what `migrate dev` calls). It cannot reach a shadow DB by itself: it only
      // works after devDiagnostic has replayed exactly the same migration list (engine-internal cache), i.e.
      // the dev DB must have ALL migrations applied. We apply pending ones first, like `migrate dev` does.
      let list = await migrationsList();
      let diag = await engine.devDiagnostic({ migrationsList: list, filters });
      if (diag.action.tag === "reset") {
        console.error("Reset needed:", diag.action.reason);
        process.exitCode = 1;
        return;
      }
      const applied = await engine.applyMigrations({ migrationsList: list, filters });
      if (applied.appliedMigrationNames.length) diag = await engine.devDiagnostic({ migrationsList: list, filters });
      const out = await engine.createMigration({
        draft: false,
        migrationName: name ?? "migration",
        migrationsList: list,
        schema: { files },
        filters,
      });
      if (!out.migrationScript) {
        console.error("No schema changes; nothing written.");
        return;
      }
      await mkdir(path.join(MIGRATIONS, out.generatedMigrationName), { recursive: true });
      await writeFile(
        path.join(MIGRATIONS, out.generatedMigrationName, `migration.${out.extension}`),
        out.migrationScript,
      );
      console.log("created", out.generatedMigrationName);
    } else if (cmd === "deploy") {
      const out = await engine.applyMigrations({ migrationsList: await migrationsList(options.only), filters });
      say("applied", out.appliedMigrationNames);
      return out.appliedMigrationNames;
    } else if (cmd === "status") {
      const diag = await engine.diagnoseMigrationHistory({
        migrationsList: await migrationsList(),
        optInToShadowDatabase: false,
        filters,
      });
      say(JSON.stringify(diag, null, 2));
      if (diag.history || diag.failedMigrationNames?.length || diag.editedMigrationNames?.length) process.exitCode = 1;
      return diag;
    } else if (cmd === "dev-diagnostic") {
      console.log(JSON.stringify(await engine.devDiagnostic({ migrationsList: await migrationsList(), filters })));
    } else {
      console.error("unknown command");
      process.exitCode = 2;
    }
  } finally {
    engine.free();
    for (const adapter of opened.splice(0)) await adapter.dispose().catch(() => {});
  }
}
// Without DATABASE_URL: deploy and status act on weft's embedded database (the running server's, or the engine
// started here on the data dir); diffs and `create` need none of weft's data, only a throw-away server.
async function withoutDatabaseUrl(needsData, fn) {
  if (needsData) {
    const { runningOwner, startEmbeddedDatabase } = await import("../lib/infra/embedded-db.ts");
    const dataDir = path.resolve(ROOT, process.env.WEFT_DATA_DIR ?? ".data");
    const owner = runningOwner(dataDir);
    if (owner?.databaseUrl) return fn(owner.databaseUrl);
    const embedded = await startEmbeddedDatabase(dataDir, "migrations");
    try {
      return await fn(embedded.url);
    } finally {
      await embedded.stop();
    }
  }
  const { startCluster } = await import("../lib/infra/embedded-postgres.ts");
  const { mkdtemp, rm } = await import("node:fs/promises");
  const os = await import("node:os");
  const dir = await mkdtemp(path.join(os.tmpdir(), "weft-schema-"));
  const cluster = await startCluster({ dir: path.join(dir, "cluster"), database: "postgres", disposable: true });
  try {
    return await fn(cluster.adminUrl);
  } finally {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [cmd, name] = process.argv.slice(2);
  const needsData = cmd !== "create" && cmd !== "diff-migrations" && cmd !== "diff-empty";
  const command = (url) => run(cmd, name, { url });
  (process.env.DATABASE_URL ? command(process.env.DATABASE_URL) : withoutDatabaseUrl(needsData, command)).then(
    () => process.exit(process.exitCode ?? 0),
    (e) => {
      console.error("ERROR", e?.message ?? e, e?.cause ?? "");
      process.exit(1);
    },
  );
}
