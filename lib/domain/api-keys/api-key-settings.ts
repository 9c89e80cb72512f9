import type { Reader } from "@/lib/infra/db";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { parseServiceConfig } from "./service-config";

// The key's SDK settings, kept in ApiKey.serviceConfig (its keySettingsSection) next to what Create API Key
// stored there.

export async function loadKeySettings(tx: Reader, scope: ApiKeyScope) {
  const key = await tx.apiKey.findFirst({
    where: { id: scope.apiKeyId, workspaceId: scope.workspaceId },
    select: { ownerEmail: true, type: true, serviceConfig: true },
  });
  if (!key) throw notFound("API key not found.");
  return { ...key, settings: parseServiceConfig(key.serviceConfig) };
}
