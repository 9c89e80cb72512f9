import { verifyApiKeyCredentials, verifyWorkspaceCredentials } from "@/lib/domain/api-keys/verify-credentials";
import { denied } from "@/lib/domain/errors";
import type { Scope } from "@/lib/domain/scope";
import { db } from "@/lib/infra/db";
import type { AuthLevel } from "./define-endpoint";

// Headers -> scope. The spec's x-service-* names and the x-velt-* names of existing clients are both read;
// the credentials themselves are checked by the domain (verify-credentials.ts), as live checks its tokens.

function header(headers: Headers, name: string): string | undefined {
  const v = headers.get(`x-service-${name}`) ?? headers.get(`x-velt-${name}`);
  return v?.trim() || undefined;
}

export async function authenticate(level: AuthLevel, headers: Headers, clientIp: string): Promise<Scope> {
  if (level === "public") return { level, clientIp };
  if (level === "workspace") {
    const workspaceId = header(headers, "workspace-id");
    const token = header(headers, "workspace-auth-token");
    if (!workspaceId) throw denied("Workspace ID not found in headers.");
    if (!token) throw denied("Auth Token not found in headers.");
    return verifyWorkspaceCredentials(db(), workspaceId, token);
  }
  const apiKeyId = header(headers, "api-key");
  const token = header(headers, "auth-token");
  if (!apiKeyId) throw denied("API key not found in headers.");
  if (!token) throw denied("Auth Token not found in headers.");
  return verifyApiKeyCredentials(db(), apiKeyId, token);
}
