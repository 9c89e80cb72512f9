import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { maskedProviderKeys } from "../ai/provider-keys";
import type { ApiKeyScope } from "../scope";
import { loadKeySettings } from "./api-key-settings";

export const getApiKeyConfigInput = z.strictObject({});

/** The key's settings with their defaults, and its AI provider keys masked (absent when there are none). */
export async function getApiKeyConfig(scope: ApiKeyScope, _input: z.output<typeof getApiKeyConfigInput>, tx: Reader) {
  const key = await loadKeySettings(tx, scope);
  const aiModelsConfig = await maskedProviderKeys(tx, scope.apiKeyId);
  return {
    ownerEmail: key.ownerEmail,
    planInfo: { type: key.type === "production" ? "sdk production" : "sdk test" },
    defaultDocumentAccessType: key.settings.defaultDocumentAccessType ?? "public",
    isPrivateCommentsEnabled: key.settings.enablePrivateComments ?? false,
    requireJwtToken: key.settings.requireJwtToken ?? false,
    requireAutoOrgUser: key.settings.requireAutoOrgUser ?? false,
    ...(aiModelsConfig && { aiModelsConfig }),
  };
}
