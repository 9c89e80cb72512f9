import { cachedCredential } from "@/lib/infra/credential-cache";
import { constantTimeEqual, tokenHash } from "@/lib/infra/crypto";
import type { Reader } from "@/lib/infra/db";
import { denied } from "../errors";
import type { ApiKeyScope, WorkspaceScope } from "../scope";

// The one check of credentials, whoever presents them: REST (lib/api/auth.ts reads them from headers) and live
// (a service token "<apiKey>:<authToken>", lib/live/live-auth.ts). Wrong credentials get one message whether
// or not the id exists, and the token comparison costs the same. A verified pair is remembered for
// WEFT_AUTH_CACHE_MS (lib/infra/credential-cache.ts), so a busy client costs no query per call.

const DUMMY_HASH = "x".repeat(43);

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
    if (!row || !ok) throw denied("Invalid API key.");
    return { level: "apiKey", workspaceId: row.apiKey.workspaceId, apiKeyId };
  });
}
