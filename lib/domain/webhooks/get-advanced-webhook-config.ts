import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { lockServiceConfig } from "../api-keys/service-config";
import type { ApiKeyScope } from "../scope";
import { ADVANCED_DEFAULTS, storedAdvanced } from "./advanced-settings";

export const getAdvancedWebhookConfigInput = z.strictObject({});

export async function getAdvancedWebhookConfig(scope: ApiKeyScope, _input: z.output<typeof getAdvancedWebhookConfigInput>, tx: Tx) {
  return storedAdvanced(await lockServiceConfig(tx, scope)) ?? ADVANCED_DEFAULTS;
}
