import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { keyServiceConfig } from "../api-keys/service-config";
import type { ApiKeyScope } from "../scope";
import { storedWebhook, webhookView } from "./webhook-settings";

export const getWebhookConfigInput = z.strictObject({});

export async function getWebhookConfig(scope: ApiKeyScope, _input: z.output<typeof getWebhookConfigInput>, tx: Reader) {
  return webhookView(storedWebhook(await keyServiceConfig(tx, scope)), scope.apiKeyId);
}
