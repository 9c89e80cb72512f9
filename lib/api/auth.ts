import { recallCredential, rememberCredential } from "@/lib/infra/credential-cache";
import { constantTimeEqual, tokenHash } from "@/lib/infra/crypto";
import { db } from "@/lib/infra/db";
import { denied } from "@/lib/domain/errors";
import type { Scope } from "@/lib/domain/scope";
import type { HeaderReader } from "./api-call";
import type { AuthLevel } from "./define-endpoint";

// Headers -> scope. The spec's x-service-* names and the x-velt-* names of existing clients are both read.
// Wrong credentials get one message whether or not the id exists, and the token comparison costs the same.

function header(headers: HeaderReader, name: string): string | undefined {
  const v = headers.get(`x-service-${name}`) ?? headers.get(`x-velt-${name}`);
  return v?.trim() || undefined;
}

const DUMMY_HASH = "x".repeat(43);

export async function authenticate(level: AuthLevel, headers: HeaderReader, clientIp: string): Promise<Scope> {
  if (level === "public") return { level, clientIp };
  if (level === "workspace") return authenticateWorkspace(headers);
  return authenticateApiKey(headers);
}

async function authenticateWorkspace(headers: HeaderReader): Promise<Scope> {
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

async function authenticateApiKey(headers: HeaderReader): Promise<Scope> {
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
