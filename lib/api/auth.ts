import { recallCredential, rememberCredential } from "@/lib/infra/credential-cache";
import { constantTimeEqual, tokenHash } from "@/lib/infra/crypto";
import { db } from "@/lib/infra/db";
import { denied, DomainError, invalid } from "@/lib/domain/errors";
import type { Scope } from "@/lib/domain/scope";
import type { AuthLevel } from "./define-endpoint";

// Headers -> scope. The spec's x-service-* names and the x-velt-* names of existing clients are both read.
// Wrong credentials get one message whether or not the id exists, and the token comparison costs the same.

function header(headers: Headers, name: string): string | undefined {
  const v = headers.get(`x-service-${name}`) ?? headers.get(`x-velt-${name}`);
  return v?.trim() || undefined;
}

const DUMMY_HASH = "x".repeat(43);

export async function authenticate(level: AuthLevel, headers: Headers, clientIp: string): Promise<Scope> {
  if (level === "public") return { level, clientIp };
  if (level === "workspace") return authenticateWorkspace(headers);
  return authenticateApiKey(headers);
}

/** The reference's refusal of v1 Generate Token's body credentials. */
export const AUTH_TOKEN_NOT_FOUND = "Auth token not found.";

/** An API key and auth token sent in the body (v1 Generate Token): the same check as the headers'. */
export async function authenticateBodyCredentials(data: unknown): Promise<Scope> {
  const body = data as { apiKey?: unknown; authToken?: unknown };
  const headers = new Headers();
  if (typeof body.apiKey === "string") headers.set("x-service-api-key", body.apiKey);
  if (typeof body.authToken === "string") headers.set("x-service-auth-token", body.authToken);
  try {
    return await authenticateApiKey(headers);
  } catch (e) {
    if (e instanceof DomainError && e.status === "PERMISSION_DENIED") throw invalid(AUTH_TOKEN_NOT_FOUND);
    throw e;
  }
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
    if (!row || !ok) throw denied("Invalid API key.");
    return { level: "apiKey", workspaceId: row.apiKey.workspaceId, apiKeyId };
  });
}

/** The scope of a credential verified within WEFT_AUTH_CACHE_MS, or of `verify` now (remembered on success). */
async function verifiedOnce(cacheKey: string, verify: () => Promise<Scope>): Promise<Scope> {
  const cached = recallCredential<Scope>(cacheKey);
  if (cached) return cached;
  const scope = await verify();
  rememberCredential(cacheKey, scope);
  return scope;
}
