import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { keyServiceConfig } from "../api-keys/service-config";
import type { ApiKeyScope } from "../scope";
import { ADVANCED_DEFAULTS, storedAdvanced } from "./advanced-settings";

export const getAdvancedWebhookConfigInput = z.strictObject({});

export async function getAdvancedWebhookConfig(
  scope: ApiKeyScope,
  _input: z.output<typeof getAdvancedWebhookConfigInput>,
  tx: Reader,
) {
  return storedAdvanced(await keyServiceConfig(tx, scope)) ?? ADVANCED_DEFAULTS;
}
