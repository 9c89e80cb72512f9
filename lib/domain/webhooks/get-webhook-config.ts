import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { lockServiceConfig } from "../api-keys/service-config";
import type { ApiKeyScope } from "../scope";
import { storedWebhook, webhookView } from "./webhook-settings";

export const getWebhookConfigInput = z.strictObject({});

export async function getWebhookConfig(scope: ApiKeyScope, _input: z.output<typeof getWebhookConfigInput>, tx: Tx) {
  return webhookView(storedWebhook(await lockServiceConfig(tx, scope)));
}
