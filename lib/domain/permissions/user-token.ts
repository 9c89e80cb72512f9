import { decodeProtectedHeader, jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { Reader, Tx } from "@/lib/infra/db";
import { denied } from "../errors";
import type { GrantedResource } from "./resources";
import { signingSecret, storedSecret } from "./signing-key";

// User tokens (Generate Token): HS256 JWTs signed with the API key's own secret, valid 48 hours. The
// header's kid and the audience name the API key. See docs/tokens.md.

export const TOKEN_ISSUER = "weft";
export const TOKEN_LIFETIME = "48h";

export interface UserTokenBody {
  userId: string;
  /** name and email: always from Generate Token; v1's token may carry neither. */
  userProperties: { isAdmin: boolean; name?: string; email?: string };
  permissions: { resources: GrantedResource[] };
}
export type UserTokenClaims = UserTokenBody & JWTPayload;

export async function signUserToken(tx: Tx, apiKeyId: string, claims: UserTokenBody): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: apiKeyId })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(apiKeyId)
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(TOKEN_LIFETIME)
    .sign(await signingSecret(tx, apiKeyId));
}

/** Checks a token weft issued (signature, issuer, audience = the key alone, expiry) and returns its claims. */
export async function verifyUserToken(tx: Reader, token: string): Promise<UserTokenClaims> {
  let apiKeyId: unknown;
  try {
    apiKeyId = decodeProtectedHeader(token).kid;
  } catch {
    throw denied("Invalid token.");
  }
  const secret = typeof apiKeyId === "string" ? await storedSecret(tx, apiKeyId) : undefined;
  if (!secret || typeof apiKeyId !== "string") throw denied("Invalid token.");
  try {
    const { payload } = await jwtVerify<UserTokenClaims>(token, secret, {
      issuer: TOKEN_ISSUER,
      audience: apiKeyId,
      algorithms: ["HS256"],
    });
    // jose accepts an audience array that merely contains the key; weft issues exactly one audience, the key
    // (live-auth.ts compares it with the document's key, so an array could name other tenants' keys).
    if (payload.aud !== apiKeyId) throw new Error("audience is not this key alone");
    return payload;
  } catch {
    throw denied("Invalid token.");
  }
}
