import { verifyApiKeyCredentials } from "@/lib/domain/api-keys/verify-credentials";
import type { EditorKey } from "@/lib/domain/crdt/crdt-log";
import { liveRole } from "@/lib/domain/crdt/live-access";
import { verifyUserToken } from "@/lib/domain/permissions/user-token";
import { db } from "@/lib/infra/db";

// Who a live connection is, per document. Two kinds of token:
//   a user token from Generate Token (a JWT): editor → read-write, viewer → read-only, nothing → refused;
//   a service token "<apiKey>:<authToken>" (the API key's auth token): read-write on every document of that key.
// Refusals carry a reason that the provider reports through onAuthenticationFailed.

type RefusalReason =
  | "invalid-token"
  | "invalid-service-token"
  | "invalid-document-name"
  | "wrong-api-key"
  | "no-access"
  | "too-many-connections"
  | "too-many-documents";

export class LiveRefusal extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`live: refused (${reason})`);
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
    return { kind: "service", readOnly: false, actor: scope.apiKeyId };
  }
  const claims = await verifyUserToken(db(), token).catch(() => undefined);
  if (!claims || typeof claims.userId !== "string") throw new LiveRefusal("invalid-token");
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(k.apiKeyId)) throw new LiveRefusal("wrong-api-key");
  const role = await liveRole(db(), k, claims.userId, claims.permissions?.resources ?? []);
  if (!role) throw new LiveRefusal("no-access");
  return { kind: "user", readOnly: role === "viewer", actor: claims.userId };
}
