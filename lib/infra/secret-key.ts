import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { EnvError } from "./env";

export function parseSecretKey(value: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  if (key.length !== 32) throw new EnvError("WEFT_SECRET_KEY: must be 32 bytes as 64 hex characters or base64");
  return key;
}

/**
 * WEFT_SECRET_KEY, or (embedded mode only) the key generated into the data dir on the first run.
 * With DATABASE_URL the key must come from the environment: a key that lives next to one instance would
 * make every other instance unable to read the secrets.
 */
export function resolveSecretKey(fromEnv: string | undefined, embeddedDataDir: string | undefined): Buffer {
  if (fromEnv) return parseSecretKey(fromEnv);
  if (!embeddedDataDir) {
    throw new EnvError(
      "WEFT_SECRET_KEY: required when DATABASE_URL is set (32 bytes, e.g. `openssl rand -hex 32`); it encrypts stored secrets and keys token hashes.",
    );
  }
  const file = path.join(embeddedDataDir, "secret.key");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex") + "\n", { mode: 0o600, flag: "wx" });
  return parseSecretKey(readFileSync(file, "utf8").trim());
}
