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

/**
 * What a ciphertext is bound to (GCM associated data): the table, the secret and the row, e.g.
 * `secretAad("ApiKeyAuthToken", "token", id)`. A ciphertext copied into another row or column does not open.
 */
export function secretAad(table: string, secret: string, rowId: string): string {
  return `${table}.${secret}:${rowId}`;
}

/**
 * AES-256-GCM bound to `aad`: `v2.<iv>.<tag>.<ciphertext>`, base64url parts. `master` defaults to the running
 * install's key.
 */
export function encryptSecret(plain: string, aad: string, master?: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", subkey("encryption", master), iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v2", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(
    ".",
  );
}

const TAG_BYTES = 16;

function open(sealed: string, aad: string | undefined, master?: Buffer): string {
  const [version, iv, tag, body] = sealed.split(".");
  const tagBytes = tag ? Buffer.from(tag, "base64url") : Buffer.alloc(0);
  if (!iv || tagBytes.length !== TAG_BYTES || body === undefined) throw new Error("unreadable encrypted secret");
  if (version !== (aad === undefined ? "v1" : "v2")) throw new Error("unreadable encrypted secret");
  // The tag length is pinned: GCM would otherwise check a tag cut down to 4 bytes, and accept forgeries.
  const decipher = createDecipheriv("aes-256-gcm", subkey("encryption", master), Buffer.from(iv, "base64url"), {
    authTagLength: TAG_BYTES,
  });
  if (aad !== undefined) decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(tagBytes);
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

/**
 * Opens what `encryptSecret` sealed under the same `aad`. Only `v2.` ciphertexts: a `v1.` one (from before
 * ciphertexts were bound to their row) is bound to nothing, so it would open wherever it were copied; reads
 * treat it as unreadable, and each start re-seals it (openUnboundSecret).
 */
export function decryptSecret(sealed: string, aad: string, master?: Buffer): string {
  return open(sealed, aad, master);
}

/** A `v1.` ciphertext in the clear, for re-sealing it bound to its row (reseal-secrets.ts) and nothing else. */
export function openUnboundSecret(sealed: string, master?: Buffer): string {
  return open(sealed, undefined, master);
}

/** True for a ciphertext from before associated data (`v1.`): re-seal it with `encryptSecret`. */
export function isUnboundSecret(sealed: string | null | undefined): sealed is string {
  return typeof sealed === "string" && sealed.startsWith("v1.");
}

/** A secret setting as stored: encrypted under `aad`, or undefined when it is empty. */
export function sealSetting(plain: string | undefined, aad: string): string | undefined {
  return plain ? encryptSecret(plain, aad) : undefined;
}

/** A stored secret setting in the clear: "" when it is unset or cannot be decrypted. */
export function openSetting(sealed: string | undefined, aad: string): string {
  if (!sealed) return "";
  try {
    return decryptSecret(sealed, aad);
  } catch {
    return "";
  }
}

/** What a UI may show of a secret: its last four characters. */
export function maskSecret(plain: string): string {
  return plain.length <= 4 ? "****" : `****${plain.slice(-4)}`;
}
