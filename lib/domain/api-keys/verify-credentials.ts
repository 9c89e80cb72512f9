import { cachedCredential } from "@/lib/infra/credential-cache";
import { constantTimeEqual, tokenHash } from "@/lib/infra/crypto";
import type { Reader } from "@/lib/infra/db";
import { denied, DomainError } from "../errors";
import type { ApiKeyScope, WorkspaceScope } from "../scope";

// The one check of credentials, whoever presents them: REST (lib/api/auth.ts reads them from headers) and live
// (a service token "<apiKey>:<authToken>", lib/live/live-auth.ts). The token comparison costs the same whether
// or not the id exists. A refused API key says which part was wrong: an unknown key is the reference's "Invalid
// API key.", a known key with a wrong token is WRONG_AUTH_TOKEN (same status), so a developer knows what to
// fix. API key ids are not secret (browsers carry them), so telling the two apart gives nothing away. The
// refusal names the key it was for, so the request log can show it to the key's owner
// (CredentialsRefused.claimed). A verified pair is remembered for WEFT_AUTH_CACHE_MS
// (lib/infra/credential-cache.ts), so a busy client costs no query per call.

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

export function verifyWorkspaceCredentials(
  client: Reader,
  workspaceId: string,
  token: string,
): Promise<WorkspaceScope> {
  const hash = tokenHash(token);
  return cachedCredential(`workspace:${workspaceId}:${hash}`, async () => {
    const row = await client.workspace.findUnique({ where: { id: workspaceId }, select: { authTokenHash: true } });
    const ok = constantTimeEqual(row?.authTokenHash ?? DUMMY_HASH, hash);
    if (!row || !ok) throw denied("Invalid workspace credentials.");
    return { level: "workspace", workspaceId };
  });
}

export function verifyApiKeyCredentials(client: Reader, apiKeyId: string, token: string): Promise<ApiKeyScope> {
  const hash = tokenHash(token);
  return cachedCredential(`apiKey:${apiKeyId}:${hash}`, async () => {
    const row = await client.apiKeyAuthToken.findUnique({
      where: { tokenHash: hash },
      select: { tokenHash: true, apiKeyId: true, apiKey: { select: { workspaceId: true } } },
    });
    const ok =
      constantTimeEqual(row?.tokenHash ?? DUMMY_HASH, hash) && constantTimeEqual(row?.apiKeyId ?? "", apiKeyId);
    if (!row || !ok) throw await refusedApiKey(client, apiKeyId);
    return { level: "apiKey", workspaceId: row.apiKey.workspaceId, apiKeyId };
  });
}

async function refusedApiKey(client: Reader, apiKeyId: string): Promise<CredentialsRefused> {
  const key = await client.apiKey.findUnique({ where: { id: apiKeyId }, select: { workspaceId: true } });
  if (!key) return new CredentialsRefused(UNKNOWN_API_KEY);
  return new CredentialsRefused(WRONG_AUTH_TOKEN, { level: "apiKey", workspaceId: key.workspaceId, apiKeyId });
}
