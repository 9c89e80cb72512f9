import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { disconnectDb } from "@/lib/infra/db";
import { setRuntime } from "@/lib/infra/runtime";
import { startNotifyBus, stopNotifyBus } from "@/lib/infra/notify-bus";
import { startWorkers, stopWorkers } from "@/lib/server/catalog";

// Each test file gets a database of its own: a copy of the template that the suite's globalSetup migrated with
// the real migration driver (tests/helpers/global-database.ts), on the suite's one PostgreSQL: weft's embedded
// engine by default, or the PostgreSQL named by DATABASE_URL.

export interface TestDatabase {
  url: string;
  mode: "embedded" | "postgresql";
  stop(): Promise<void>;
}

/**
 * Creates a database `<prefix>_<random>` on the PostgreSQL server of `adminUrl` (empty, or a copy of
 * `template`); returns its URL.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix = "weft_test",
  template?: string,
): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const from = template ? ` TEMPLATE "${template}"` : "";
    // Copies of one template made at the same moment by parallel files: PostgreSQL refuses a template that
    // another CREATE DATABASE is reading ("source database ... is being accessed"); the next try finds it free.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}"${from}`);
        break;
      } catch (e) {
        if ((e as { code?: string }).code !== "55006" || attempt >= 50) throw e;
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The suite's PostgreSQL server (embedded or DATABASE_URL's), where a test may make databases of its own. */
export const suiteAdminUrl = () => inject("testDatabase").adminUrl;

async function freshDatabase(): Promise<TestDatabase> {
  const { adminUrl, template, mode } = inject("testDatabase");
  const url = await createPostgresDatabase(adminUrl, "weft_test", template);
  const name = new URL(url).pathname.slice(1);
  return {
    url,
    mode,
    async stop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startTestDatabase(): Promise<TestDatabase> {
  const database = await freshDatabase();
  setRuntime({ databaseUrl: database.url, databaseMode: database.mode, secretKey: randomBytes(32), ready: true });
  await startNotifyBus({ databaseUrl: database.url });
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
