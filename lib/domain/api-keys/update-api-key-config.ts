import { z } from "zod";
import type { Db } from "@/lib/infra/db";
import { PROVIDERS } from "../ai/model-routing";
import { saveProviderKeys } from "../ai/provider-keys";
import { invalid } from "../errors";
import type { ApiKeyScope } from "../scope";
import { DOCUMENT_ACCESS_TYPES, loadKeySettings } from "./api-key-settings";

const NOTHING_TO_UPDATE = "At least one field must be provided for update";

export const updateApiKeyConfigInput = z
  .strictObject(
    {
      enablePrivateComments: z.boolean().optional(),
      requireJwtToken: z.boolean().optional(),
      requireAutoOrgUser: z.boolean().optional(),
      defaultDocumentAccessType: z.enum(DOCUMENT_ACCESS_TYPES).optional(),
      aiModelApiKey: z
        .array(z.strictObject({ provider: z.enum(PROVIDERS), customerApiKey: z.string().min(1).max(500) }))
        .min(1)
        .max(PROVIDERS.length)
        .optional(),
    },
    { error: (iss) => (iss.code === "unrecognized_keys" ? NOTHING_TO_UPDATE : undefined) },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: NOTHING_TO_UPDATE });

/** Merge-only: fields not sent keep their stored values. The reply echoes what was sent, AI keys masked. */
export function updateApiKeyConfig(scope: ApiKeyScope, input: z.output<typeof updateApiKeyConfigInput>, db: Db) {
  const seen = new Set<string>();
  for (const { provider } of input.aiModelApiKey ?? []) {
    if (seen.has(provider)) throw invalid(`aiModelApiKey names provider ${provider} more than once.`);
    seen.add(provider);
  }
  const { aiModelApiKey, ...settings } = input;
  return db.$transaction(async (tx) => {
    const key = await loadKeySettings(tx, scope);
    if (Object.keys(settings).length) {
      await tx.apiKey.update({ where: { id: scope.apiKeyId }, data: { serviceConfig: { ...key.settings, ...settings } } });
    }
    const aiModelsConfig = aiModelApiKey ? await saveProviderKeys(tx, scope.apiKeyId, aiModelApiKey) : undefined;
    return { ...settings, ...(aiModelsConfig && { aiModelsConfig }) };
  });
}
