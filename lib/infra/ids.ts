import { createHash, randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A random base62 string; 22 characters carry 130 bits. */
export function randomBase62(length = 22): string {
  const bytes = randomBytes(length * 2);
  let out = "";
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    // 248 = 4 * 62: rejecting bytes above it keeps the distribution uniform.
    if (bytes[i] < 248) out += ALPHABET[bytes[i] % 62];
  }
  return out.length === length ? out : randomBase62(length);
}

/** Ids weft makes carry a prefix naming what they identify (ws_, key_, tok_, mail_, ...). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase62()}`;
}

/**
 * An id derived from the client ids that name a row (`usr_` + 32 hex characters): the same row always has
 * the same id, so a reply can name it even when it does not exist (Update Users: "User does not exist.").
 */
export function derivedId(prefix: string, parts: readonly string[]): string {
  return `${prefix}_${createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 32)}`;
}
