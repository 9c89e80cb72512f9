import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { runtime } from "./runtime";

// Every secret weft keeps is derived from WEFT_SECRET_KEY: a separate HKDF subkey per purpose, so the
// token-hash key is never the encryption key.

const subkeys = new Map<string, Buffer>();

export function subkey(purpose: string, master: Buffer = runtime().secretKey): Buffer {
  const cacheKey = `${master.toString("hex")}:${purpose}`;
  let key = subkeys.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), `weft:${purpose}`, 32));
    subkeys.set(cacheKey, key);
  }
  return key;
}

/** A bearer secret with `bytes` bytes of randomness, hex encoded. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("hex");
}

/** The keyed hash tokens are stored and looked up by. */
export function tokenHash(token: string): string {
  return createHmac("sha256", subkey("token-hash")).update(token, "utf8").digest("base64url");
}

export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  // Compare equal-length buffers so the time does not depend on where they differ or on the length.
  const same = timingSafeEqual(
    createHmac("sha256", "cmp").update(x).digest(),
    createHmac("sha256", "cmp").update(y).digest(),
  );
  return same && x.length === y.length;
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. `master` defaults to the running install's key. */
export function encryptSecret(plain: string, master?: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", subkey("encryption", master), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(
    ".",
  );
}

export function decryptSecret(sealed: string, master?: Buffer): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("unreadable encrypted secret");
  const decipher = createDecipheriv("aes-256-gcm", subkey("encryption", master), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/** A secret setting as stored: encrypted, or undefined when it is empty. */
export function sealSetting(plain: string | undefined): string | undefined {
  return plain ? encryptSecret(plain) : undefined;
}

/** A stored secret setting in the clear: "" when it is unset or cannot be decrypted. */
export function openSetting(sealed: string | undefined): string {
  if (!sealed) return "";
  try {
    return decryptSecret(sealed);
  } catch {
    return "";
  }
}

/** What a UI may show of a secret: its last four characters. */
export function maskSecret(plain: string): string {
  return plain.length <= 4 ? "****" : `****${plain.slice(-4)}`;
}
