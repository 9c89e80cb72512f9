import { randomBytes } from "node:crypto";
import { decryptSecret, encryptSecret, secretAad } from "@/lib/infra/crypto";
import type { Reader, Tx } from "@/lib/infra/db";

export const signingKeyAad = (apiKeyId: string) => secretAad("ApiKeySigningKey", "secret", apiKeyId);

/** The key's HS256 secret for user tokens: made on first use, stored encrypted. */
export async function signingSecret(tx: Tx, apiKeyId: string): Promise<Uint8Array> {
  const stored = await storedSecret(tx, apiKeyId);
  if (stored) return stored;
  // Two first uses at once both try to insert; the second insert does nothing and both read the winner.
  const secretEnc = encryptSecret(randomBytes(32).toString("base64url"), signingKeyAad(apiKeyId));
  await tx.apiKeySigningKey.createMany({ data: [{ apiKeyId, secretEnc }], skipDuplicates: true });
  return (await storedSecret(tx, apiKeyId))!;
}

/** The secret if the key has one already. */
export async function storedSecret(tx: Reader, apiKeyId: string): Promise<Uint8Array | undefined> {
  const row = await tx.apiKeySigningKey.findUnique({ where: { apiKeyId }, select: { secretEnc: true } });
  return row ? Buffer.from(decryptSecret(row.secretEnc, signingKeyAad(apiKeyId)), "base64url") : undefined;
}

/**
 * Revokes every user token of the keys (Reset Auth Token, Rotate Workspace Auth Tokens): their signing secret
 * goes, so tokens signed with it no longer verify anywhere (the live re-check included), and the next Generate
 * Token makes a new one. Whoever held a key token cannot keep access through tokens minted with it.
 */
export async function revokeUserTokens(tx: Tx, apiKeyIds: string[]): Promise<void> {
  await tx.apiKeySigningKey.deleteMany({ where: { apiKeyId: { in: apiKeyIds } } });
}
