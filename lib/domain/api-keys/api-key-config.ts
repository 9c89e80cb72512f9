import { z } from "zod";
import type { Db, Tx } from "@/lib/infra/db";
import { maskedProviderKeys, saveProviderKeys } from "../ai/provider-keys";
import { PROVIDERS } from "../ai/model-routing";
import { invalid, notFound } from "../errors";
import type { ApiKeyScope } from "../scope";

// Get and Update API Key Config: the key's SDK settings (kept in ApiKey.serviceConfig next to what Create
// API Key stored) and the customers' AI provider keys.

const NOTHING_TO_UPDATE = "At least one field must be provided for update";

export const DOCUMENT_ACCESS_TYPES = ["public", "restricted", "organizationPrivate"] as const;

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

type UpdateInput = z.output<typeof updateApiKeyConfigInput>;

interface StoredSettings {
  enablePrivateComments?: boolean;
  requireJwtToken?: boolean;
  requireAutoOrgUser?: boolean;
  defaultDocumentAccessType?: (typeof DOCUMENT_ACCESS_TYPES)[number];
}

async function loadKey(tx: Tx, scope: ApiKeyScope) {
  const key = await tx.apiKey.findFirst({
    where: { id: scope.apiKeyId, workspaceId: scope.workspaceId },
    select: { ownerEmail: true, type: true, serviceConfig: true },
  });
  if (!key) throw notFound("API key not found.");
  return { ...key, settings: (key.serviceConfig ?? {}) as StoredSettings & Record<string, unknown> };
}

/** Merge-only: fields not sent keep their stored values. The reply echoes what was sent, AI keys masked. */
export function updateApiKeyConfig(scope: ApiKeyScope, input: UpdateInput, db: Db) {
  const seen = new Set<string>();
  for (const { provider } of input.aiModelApiKey ?? []) {
    if (seen.has(provider)) throw invalid(`aiModelApiKey names provider ${provider} more than once.`);
    seen.add(provider);
  }
  const { aiModelApiKey, ...settings } = input;
  return db.$transaction(async (tx) => {
    const key = await loadKey(tx, scope);
    if (Object.keys(settings).length) {
      await tx.apiKey.update({ where: { id: scope.apiKeyId }, data: { serviceConfig: { ...key.settings, ...settings } } });
    }
    const aiModelsConfig = aiModelApiKey ? await saveProviderKeys(tx, scope.apiKeyId, aiModelApiKey) : undefined;
    return { ...settings, ...(aiModelsConfig && { aiModelsConfig }) };
  });
}

export const getApiKeyConfigInput = z.strictObject({});

export async function getApiKeyConfig(scope: ApiKeyScope, _input: z.output<typeof getApiKeyConfigInput>, tx: Tx) {
  const key = await loadKey(tx, scope);
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
