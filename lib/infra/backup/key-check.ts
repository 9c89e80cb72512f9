import { decryptSecret, encryptSecret } from "../crypto";

// A backup carries no secret key, only this constant sealed under it: a restore opens it with the key the
// target runs with, and refuses to go on when it does not open (tokens and secrets would be unreadable).

const KEY_CHECK_PLAIN = "weft backup key check";
const KEY_CHECK_AAD = "backup.keyCheck";

export const keyCheckValue = (secretKey: Buffer) => encryptSecret(KEY_CHECK_PLAIN, KEY_CHECK_AAD, secretKey);

export function keyCheckOpens(keyCheck: string, secretKey: Buffer): boolean {
  try {
    return decryptSecret(keyCheck, KEY_CHECK_AAD, secretKey) === KEY_CHECK_PLAIN;
  } catch {
    return false;
  }
}
