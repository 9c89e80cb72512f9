import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { clusterDir, runningOwner, startEmbeddedDatabase } from "../embedded-db";
import { env } from "../env";
import type { DatabaseMode } from "../runtime";
import { parseSecretKey, resolveSecretKey } from "../secret-key";
import { BackupError } from "./load";

// The install an operator command works on, as the server would resolve it: DATABASE_URL (with
// WEFT_SECRET_KEY), or the embedded data dir (its running server's socket, or the dir opened here when no
// server runs, released by stop()). Unlike start-up it never generates a secret key nor migrates a source.

export interface Install {
  url: string;
  mode: DatabaseMode;
  dataDir?: string;
  secretKey: Buffer;
  /** Where the key lives, for the operator: "WEFT_SECRET_KEY" or the key file's path. */
  keySource: string;
  /** A server owns the embedded data dir: this command reads through its socket. */
  serverRunning: boolean;
  stop(): Promise<void>;
}

const keyFile = (dataDir: string) => path.join(dataDir, "secret.key");

function embeddedKey(dataDir: string, fromEnv: string | undefined): { key: Buffer; source: string } | undefined {
  if (fromEnv) return { key: parseSecretKey(fromEnv), source: "WEFT_SECRET_KEY" };
  if (existsSync(keyFile(dataDir))) {
    return { key: parseSecretKey(readFileSync(keyFile(dataDir), "utf8").trim()), source: keyFile(dataDir) };
  }
  return undefined;
}

/** The install whose data is read: backup and move. */
export async function openSource(purpose: string): Promise<Install> {
  const e = env();
  if (e.DATABASE_URL) return postgresInstall(e.DATABASE_URL, e.WEFT_SECRET_KEY);
  const dataDir = path.resolve(e.WEFT_DATA_DIR);
  const pgDir = clusterDir(dataDir);
  if (!existsSync(path.join(pgDir, "PG_VERSION")) && !existsSync(path.join(dataDir, "pglite"))) {
    throw new BackupError(`There is no embedded database in ${dataDir}. Set WEFT_DATA_DIR (or DATABASE_URL).`);
  }
  const key = embeddedKey(dataDir, e.WEFT_SECRET_KEY);
  if (!key) {
    throw new BackupError(`${keyFile(dataDir)} does not exist: set WEFT_SECRET_KEY to the key this install runs with.`);
  }
  return embeddedInstall(dataDir, key, purpose, true);
}

/**
 * The install a backup is restored into. `checkKey` runs with the key before the database is opened, so a
 * wrong key leaves a new data dir untouched.
 */
export async function openTarget(
  checkKey: (secretKey: Buffer) => Promise<void>,
): Promise<Install & { writeKeyFile(): string | undefined }> {
  const e = env();
  if (e.DATABASE_URL) {
    const install = postgresInstall(e.DATABASE_URL, e.WEFT_SECRET_KEY);
    await checkKey(install.secretKey);
    return { ...install, writeKeyFile: () => undefined };
  }
  const dataDir = path.resolve(e.WEFT_DATA_DIR);
  const key = embeddedKey(dataDir, e.WEFT_SECRET_KEY);
  if (!key) {
    throw new BackupError(
      `No secret key: set WEFT_SECRET_KEY to the key of the install the backup came from (its WEFT_SECRET_KEY, ` +
        `or the contents of its data dir's secret.key).`,
    );
  }
  await checkKey(key.key);
  const install = await embeddedInstall(dataDir, key, "restore", false);
  return {
    ...install,
    // The restored dir starts without WEFT_SECRET_KEY like any embedded install: it gets the key file.
    writeKeyFile() {
      if (existsSync(keyFile(dataDir))) return undefined;
      writeFileSync(keyFile(dataDir), key.key.toString("hex") + "\n", { mode: 0o600, flag: "wx" });
      return keyFile(dataDir);
    },
  };
}

function postgresInstall(url: string, fromEnv: string | undefined): Install {
  return {
    url,
    mode: "postgresql",
    secretKey: resolveSecretKey(fromEnv, undefined),
    keySource: "WEFT_SECRET_KEY",
    serverRunning: false,
    stop: async () => {},
  };
}

async function embeddedInstall(
  dataDir: string,
  key: { key: Buffer; source: string },
  purpose: string,
  joinRunningServer: boolean,
): Promise<Install> {
  const base = { mode: "embedded" as const, dataDir, secretKey: key.key, keySource: key.source };
  const owner = runningOwner(dataDir);
  if (owner?.databaseUrl && joinRunningServer) {
    return { ...base, url: owner.databaseUrl, serverRunning: true, stop: async () => {} };
  }
  if (owner && joinRunningServer) {
    throw new BackupError(`The server (process ${owner.pid}) that holds ${dataDir} is still starting: try again.`);
  }
  if (owner) {
    throw new BackupError(
      `The data directory ${dataDir} is in use by process ${owner.pid} (${owner.role}). Stop it first.`,
    );
  }
  const embedded = await startEmbeddedDatabase(dataDir, purpose);
  return { ...base, url: embedded.url, serverRunning: false, stop: () => embedded.stop() };
}
