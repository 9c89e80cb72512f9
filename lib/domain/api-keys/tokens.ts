import { encryptSecret, randomToken, secretAad, tokenHash } from "@/lib/infra/crypto";
import { newId } from "@/lib/infra/ids";
import type { Tx } from "@/lib/infra/db";
import type { AuthToken } from "./api-keys-contract";

export const DEFAULT_TOKEN_NAME = "Default Auth Token";

export const authTokenAad = (tokenId: string) => secretAad("ApiKeyAuthToken", "token", tokenId);

/** A new random auth token for the key, stored as a keyed hash (for lookup) and encrypted (to hand back). */
export async function issueAuthToken(tx: Tx, apiKeyId: string): Promise<AuthToken> {
  const token = randomToken(32);
  const id = newId("tok");
  await tx.apiKeyAuthToken.create({
    data: {
      id,
      apiKeyId,
      name: DEFAULT_TOKEN_NAME,
      domains: [],
      tokenHash: tokenHash(token),
      tokenEnc: encryptSecret(token, authTokenAad(id)),
    },
  });
  return { token, name: DEFAULT_TOKEN_NAME, domains: [] };
}
