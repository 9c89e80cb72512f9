import type { Reader } from "@/lib/infra/db";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";

// The key's SDK settings, kept in ApiKey.serviceConfig next to what Create API Key stored there.

export const DOCUMENT_ACCESS_TYPES = ["public", "restricted", "organizationPrivate"] as const;

export interface StoredSettings {
  enablePrivateComments?: boolean;
  requireJwtToken?: boolean;
  requireAutoOrgUser?: boolean;
  defaultDocumentAccessType?: (typeof DOCUMENT_ACCESS_TYPES)[number];
}

export async function loadKeySettings(tx: Reader, scope: ApiKeyScope) {
  const key = await tx.apiKey.findFirst({
    where: { id: scope.apiKeyId, workspaceId: scope.workspaceId },
    select: { ownerEmail: true, type: true, serviceConfig: true },
  });
  if (!key) throw notFound("API key not found.");
  return { ...key, settings: (key.serviceConfig ?? {}) as StoredSettings & Record<string, unknown> };
}
