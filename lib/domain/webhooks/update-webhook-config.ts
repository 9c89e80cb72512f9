import { z } from "zod";
import { sealSetting } from "@/lib/infra/crypto";
import type { Tx } from "@/lib/infra/db";
import { invalid } from "../errors";
import { lockServiceConfig, writeServiceConfig } from "../api-keys/service-config";
import type { ApiKeyScope } from "../scope";
import { isHttpUrl } from "./http-url";
import { TRIGGER_NAME } from "../email/email-config-input";
import { INVALID_WEBHOOK_CONFIG, type updateWebhookConfigInput } from "./webhook-config-input";
import {
  defaultWebhookTriggers,
  storedWebhook,
  webhookTokenAad,
  webhookView,
  type StoredWebhookConfig,
} from "./webhook-settings";

/** Merge-only; the first enable with no stored triggers seeds the default triggers under what was sent. */
export async function updateWebhookConfig(
  scope: ApiKeyScope,
  input: z.output<typeof updateWebhookConfigInput>,
  tx: Tx,
) {
  const config = await lockServiceConfig(tx, scope);
  const stored = storedWebhook(config);
  const { triggers: sentTriggers, authToken, ...sentFields } = input.webhookServiceConfig ?? {};
  let next: StoredWebhookConfig = { ...stored.webhookServiceConfig };
  if (input.useWebhookService === true && !next.triggers) {
    next = { enableDataProtection: false, ...next, triggers: defaultWebhookTriggers() };
  }
  next = { ...next, ...sentFields };
  if (sentTriggers) next.triggers = { ...next.triggers, ...sentTriggers };
  if (authToken !== undefined) next.authToken = sealSetting(authToken, webhookTokenAad(scope.apiKeyId));
  const useWebhookService = input.useWebhookService ?? stored.useWebhookService;

  for (const url of [next.rawNotificationUrl, next.processedNotificationUrl]) {
    if (url && !isHttpUrl(url)) throw invalid(INVALID_WEBHOOK_CONFIG);
  }
  if (Object.keys(next.triggers ?? {}).some((t) => !TRIGGER_NAME.test(t))) throw invalid(INVALID_WEBHOOK_CONFIG);
  if (next.encryptData && !next.publicKey) throw invalid(INVALID_WEBHOOK_CONFIG);

  const result = { useWebhookService, webhookServiceConfig: next };
  await writeServiceConfig(tx, scope, { ...config, ...result });
  return webhookView(result, scope.apiKeyId);
}
