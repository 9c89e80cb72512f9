import { recallCredential, rememberCredential } from "@/lib/infra/credential-cache";
import { constantTimeEqual, tokenHash } from "@/lib/infra/crypto";
import { db } from "@/lib/infra/db";
import { denied, DomainError } from "@/lib/domain/errors";
import type { ApiKeyScope, Scope } from "@/lib/domain/scope";
import type { AuthLevel } from "./define-endpoint";

// Headers -> scope. The spec's x-service-* names and the x-velt-* names of existing clients are both read.
// A refused API key says which part was wrong: an unknown key is the reference's "Invalid API key.", a known
// key with a wrong token is WRONG_AUTH_TOKEN (same status), so a developer knows what to fix. API key ids are
// not secret (browsers carry them), so telling the two apart gives nothing away; the token comparison still
// costs the same either way. The refusal names the key it was for, so the request log can show it to the
// key's owner (CredentialsRefused.claimed).

function header(headers: Headers, name: string): string | undefined {
  const v = headers.get(`x-service-${name}`) ?? headers.get(`x-velt-${name}`);
  return v?.trim() || undefined;
}

const DUMMY_HASH = "x".repeat(43);

export const UNKNOWN_API_KEY = "Invalid API key.";
export const WRONG_AUTH_TOKEN = "Invalid auth token for API key.";

/** A refused credential; `claimed` is the existing key it named (a wrong token), for the request log. */
export class CredentialsRefused extends DomainError {
  constructor(
    message: string,
    readonly claimed?: ApiKeyScope,
  ) {
    super("PERMISSION_DENIED", message);
  }
}

export async function authenticate(level: AuthLevel, headers: Headers, clientIp: string): Promise<Scope> {
  if (level === "public") return { level, clientIp };
  if (level === "workspace") return authenticateWorkspace(headers);
  return authenticateApiKey(headers);
}

async function authenticateWorkspace(headers: Headers): Promise<Scope> {
  const workspaceId = header(headers, "workspace-id");
  const token = header(headers, "workspace-auth-token");
  if (!workspaceId) throw denied("Workspace ID not found in headers.");
  if (!token) throw denied("Auth Token not found in headers.");
  const hash = tokenHash(token);
  return verifiedOnce(`workspace:${workspaceId}:${hash}`, async () => {
    const row = await db().workspace.findUnique({ where: { id: workspaceId }, select: { authTokenHash: true } });
    const ok = constantTimeEqual(row?.authTokenHash ?? DUMMY_HASH, hash);
    if (!row || !ok) throw denied("Invalid workspace credentials.");
    return { level: "workspace", workspaceId };
  });
}

async function authenticateApiKey(headers: Headers): Promise<Scope> {
  const apiKeyId = header(headers, "api-key");
  const token = header(headers, "auth-token");
  if (!apiKeyId) throw denied("API key not found in headers.");
  if (!token) throw denied("Auth Token not found in headers.");
  const hash = tokenHash(token);
  return verifiedOnce(`apiKey:${apiKeyId}:${hash}`, async () => {
    const row = await db().apiKeyAuthToken.findUnique({
      where: { tokenHash: hash },
      select: { tokenHash: true, apiKeyId: true, apiKey: { select: { workspaceId: true } } },
    });
    const ok =
      constantTimeEqual(row?.tokenHash ?? DUMMY_HASH, hash) && constantTimeEqual(row?.apiKeyId ?? "", apiKeyId);
    if (!row || !ok) throw await refusedApiKey(apiKeyId);
    return { level: "apiKey", workspaceId: row.apiKey.workspaceId, apiKeyId };
  });
}

async function refusedApiKey(apiKeyId: string): Promise<CredentialsRefused> {
  const key = await db().apiKey.findUnique({ where: { id: apiKeyId }, select: { workspaceId: true } });
  if (!key) return new CredentialsRefused(UNKNOWN_API_KEY);
  return new CredentialsRefused(WRONG_AUTH_TOKEN, { level: "apiKey", workspaceId: key.workspaceId, apiKeyId });
}

/** The API key id a request names in its headers, if any (for the request log of a refused call). */
export function claimedApiKey(headers: Headers): string | undefined {
  return header(headers, "api-key");
}

/** The scope of a credential verified within WEFT_AUTH_CACHE_MS, or of `verify` now (remembered on success). */
async function verifiedOnce(cacheKey: string, verify: () => Promise<Scope>): Promise<Scope> {
  const cached = recallCredential<Scope>(cacheKey);
  if (cached) return cached;
  const scope = await verify();
  rememberCredential(cacheKey, scope);
  return scope;
}
