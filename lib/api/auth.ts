import { verifyApiKeyCredentials, verifyWorkspaceCredentials } from "@/lib/domain/api-keys/verify-credentials";
import { denied, DomainError, invalid } from "@/lib/domain/errors";
import type { Scope } from "@/lib/domain/scope";
import { db } from "@/lib/infra/db";
import type { HeaderReader } from "./api-call";
import type { AuthLevel } from "./define-endpoint";

// Headers -> scope. The spec's x-service-* names and the x-velt-* names of existing clients are both read;
// the credentials themselves are checked by the domain (verify-credentials.ts), as live checks its tokens: a
// refused API key says whether the key is unknown or only its token is wrong (CredentialsRefused).

function header(headers: HeaderReader, name: string): string | undefined {
  const v = headers.get(`x-service-${name}`) ?? headers.get(`x-velt-${name}`);
  return v?.trim() || undefined;
}

export async function authenticate(level: AuthLevel, headers: HeaderReader, clientIp: string): Promise<Scope> {
  if (level === "public") return { level, clientIp };
  if (level === "workspace") {
    const workspaceId = header(headers, "workspace-id");
    const token = header(headers, "workspace-auth-token");
    if (!workspaceId) throw denied("Workspace ID not found in headers.");
    if (!token) throw denied("Auth Token not found in headers.");
    return verifyWorkspaceCredentials(db(), workspaceId, token);
  }
  return authenticateApiKey(headers);
}

/** The reference's refusal of v1 Generate Token's body credentials. */
export const AUTH_TOKEN_NOT_FOUND = "Auth token not found.";

/** An API key and auth token sent in the body (v1 Generate Token): the same check as the headers'. */
export async function authenticateBodyCredentials(data: unknown): Promise<Scope> {
  const body = data as { apiKey?: unknown; authToken?: unknown };
  // Read like headers, but any text: a web Headers would throw on characters a header cannot carry.
  const fields = new Map<string, unknown>([
    ["x-service-api-key", body.apiKey],
    ["x-service-auth-token", body.authToken],
  ]);
  const headers: HeaderReader = {
    get: (name) => (typeof fields.get(name) === "string" ? (fields.get(name) as string) : null),
  };
  try {
    return await authenticateApiKey(headers);
  } catch (e) {
    if (e instanceof DomainError && e.status === "PERMISSION_DENIED") throw invalid(AUTH_TOKEN_NOT_FOUND);
    throw e;
  }
}

function authenticateApiKey(headers: HeaderReader): Promise<Scope> {
  const apiKeyId = header(headers, "api-key");
  const token = header(headers, "auth-token");
  if (!apiKeyId) throw denied("API key not found in headers.");
  if (!token) throw denied("Auth Token not found in headers.");
  return verifyApiKeyCredentials(db(), apiKeyId, token);
}

/** The API key id a request names in its headers, if any (for the request log of a refused call). */
export function claimedApiKey(headers: HeaderReader): string | undefined {
  return header(headers, "api-key");
}
