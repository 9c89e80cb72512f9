import { documentAccess, type Access } from "@/lib/domain/access/document-access";
import { verifyApiKeyCredentials } from "@/lib/domain/api-keys/verify-credentials";
import type { EditorKey } from "@/lib/domain/crdt/crdt-log";
import { verifyUserToken } from "@/lib/domain/permissions/user-token";
import { db } from "@/lib/infra/db";

// Who a live connection is, per document. Two kinds of token:
//   a user token from Generate Token (a JWT): what documentAccess decides (its token grants count): editor →
//   read-write, viewer → read-only, nothing → refused;
//   a service token "<apiKey>:<authToken>" (the API key's auth token): read-write on every document of that key
//   that is not in a deleted organization (disabled ones included).
// Refusals carry a reason that the provider reports through onAuthenticationFailed.

type RefusalReason =
  | "invalid-token"
  | "invalid-service-token"
  | "invalid-document-name"
  | "non-canonical-document-name"
  | "wrong-api-key"
  | "no-access"
  | "organization-deleted"
  | "organization-disabled"
  | "document-disabled"
  | "too-many-connections"
  | "too-many-documents"
  | "socket-closed";

export class LiveRefusal extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`live: refused (${reason})`);
  }
}

/**
 * Why an open connection is closed when its access is checked again: a disabled or deleted organization or
 * document by that name, anything else (a revoked grant, a reset or expired token) `access-revoked`.
 */
export function closeReason(refusal: LiveRefusal): string {
  switch (refusal.reason) {
    case "organization-deleted":
    case "organization-disabled":
    case "document-disabled":
      return refusal.reason;
    default:
      return "access-revoked";
  }
}

export interface LiveAccess {
  kind: "user" | "service";
  readOnly: boolean;
  /** Who the edits are by: the user id, or the API key for a service token. */
  actor: string;
}

export async function verifyLiveToken(token: string, k: EditorKey): Promise<LiveAccess> {
  if (!token) throw new LiveRefusal("invalid-token");
  const colon = token.indexOf(":");
  if (colon > 0) {
    // Trimmed like the REST headers it stands for; an empty part is no credential.
    const apiKeyId = token.slice(0, colon).trim();
    const secret = token.slice(colon + 1).trim();
    const scope =
      apiKeyId && secret ? await verifyApiKeyCredentials(db(), apiKeyId, secret).catch(() => undefined) : undefined;
    if (!scope) throw new LiveRefusal("invalid-service-token");
    if (scope.apiKeyId !== k.apiKeyId) throw new LiveRefusal("wrong-api-key");
    admitted(await documentAccess(db(), k, { service: true }));
    return { kind: "service", readOnly: false, actor: scope.apiKeyId };
  }
  const claims = await verifyUserToken(db(), token).catch(() => undefined);
  if (!claims || typeof claims.userId !== "string") throw new LiveRefusal("invalid-token");
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(k.apiKeyId)) throw new LiveRefusal("wrong-api-key");
  const access = await documentAccess(db(), k, {
    userId: claims.userId,
    tokenResources: claims.permissions?.resources ?? [],
  });
  return { kind: "user", readOnly: admitted(access) === "viewer", actor: claims.userId };
}

/** The role access gives, or the refusal with the reason a client sees. */
function admitted(access: Access): "editor" | "viewer" {
  if (access.role) return access.role;
  switch (access.reason) {
    case "organization-deleted":
    case "organization-disabled":
    case "document-disabled":
      throw new LiveRefusal(access.reason);
    default:
      throw new LiveRefusal("no-access");
  }
}
