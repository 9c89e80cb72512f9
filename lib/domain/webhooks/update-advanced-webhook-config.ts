import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { precondition } from "../errors";
import { lockServiceConfig, writeServiceConfig } from "../api-keys/service-config";
import type { ApiKeyScope } from "../scope";
import { ADVANCED_DEFAULTS, NOT_CONFIGURED, storedAdvanced } from "./advanced-settings";

const NOTHING =
  "At least one of isEnabled, encryptData, encodeData, publicKey or enableDataProtection must be provided.";

export const updateAdvancedWebhookConfigInput = z
  .strictObject({
    isEnabled: z.boolean().optional(),
    encryptData: z.boolean().optional(),
    encodeData: z.boolean().optional(),
    publicKey: z.string().max(10_000).optional(),
    enableDataProtection: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: NOTHING });

/** Partial update; the very first one must enable (it provisions the feature for the key). */
export async function updateAdvancedWebhookConfig(
  scope: ApiKeyScope,
  input: z.output<typeof updateAdvancedWebhookConfigInput>,
  tx: Tx,
) {
  const config = await lockServiceConfig(tx, scope);
  const current = storedAdvanced(config);
  if (!current && input.isEnabled !== true) throw precondition(NOT_CONFIGURED);
  const sent = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const next = { ...ADVANCED_DEFAULTS, ...current, ...sent };
  await writeServiceConfig(tx, scope, { ...config, advancedWebhookConfig: next });
  return next;
}
