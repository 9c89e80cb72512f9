import { randomBytes } from "node:crypto";
import pg from "pg";
import { disconnectDb } from "@/lib/infra/db";
import { startMemoryDatabase } from "@/lib/infra/embedded-db";
import { deployMigrations } from "@/lib/infra/migrate";
import { setRuntime } from "@/lib/infra/runtime";
import { startNotifyBus, stopNotifyBus } from "@/lib/infra/notify-bus";
import { startWorkers, stopWorkers } from "@/lib/server/catalog";

// Each test file gets a database of its own, migrated with the real migration driver: an in-memory PGlite
// on a loopback port by default, or a fresh database on the PostgreSQL named by DATABASE_URL.

export interface TestDatabase {
  url: string;
  mode: "embedded" | "postgresql";
  stop(): Promise<void>;
}

/** Creates an empty database `<prefix>_<random>` on the PostgreSQL server of `adminUrl`; returns its URL. */
export async function createPostgresDatabase(adminUrl: string, prefix = "weft_test"): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function freshPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const url = await createPostgresDatabase(adminUrl);
  const name = new URL(url).pathname.slice(1);
  return {
    url,
    mode: "postgresql",
    async stop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  const database = adminUrl
    ? await freshPostgresDatabase(adminUrl)
    : { ...(await startMemoryDatabase()), mode: "embedded" as const };
  await deployMigrations(database.url);
  setRuntime({ databaseUrl: database.url, databaseMode: database.mode, secretKey: randomBytes(32), ready: true });
  await startNotifyBus({ mode: database.mode, databaseUrl: database.url });
  await startWorkers();
  return {
    ...database,
    async stop() {
      await stopWorkers();
      await stopNotifyBus();
      await disconnectDb();
      await database.stop();
    },
  };
}
