import type { Tx } from "@/lib/infra/db";
import { saveProviderKeys } from "../ai/provider-keys";
import { invalid } from "../errors";
import type { ApiKeyScope } from "../scope";
import { lockServiceConfig, writeServiceConfig } from "./service-config";
import type { UpdateApiKeyConfigInput } from "./update-api-key-config-input";

export { updateApiKeyConfigInput } from "./update-api-key-config-input";

/** Merge-only: fields not sent keep their stored values. The reply echoes what was sent, AI keys masked. */
export async function updateApiKeyConfig(scope: ApiKeyScope, input: UpdateApiKeyConfigInput, tx: Tx) {
  const seen = new Set<string>();
  for (const { provider } of input.aiModelApiKey ?? []) {
    if (seen.has(provider)) throw invalid(`aiModelApiKey names provider ${provider} more than once.`);
    seen.add(provider);
  }
  const { aiModelApiKey, ...settings } = input;
  // Locked like the email and webhook config updates, so concurrent updates of the same key merge.
  const stored = await lockServiceConfig(tx, scope);
  if (Object.keys(settings).length) await writeServiceConfig(tx, scope, { ...stored, ...settings });
  const aiModelsConfig = aiModelApiKey ? await saveProviderKeys(tx, scope.apiKeyId, aiModelApiKey) : undefined;
  return { ...settings, ...(aiModelsConfig && { aiModelsConfig }) };
}
