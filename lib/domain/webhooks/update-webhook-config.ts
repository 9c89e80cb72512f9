import { z } from "zod";
import { sealSetting } from "@/lib/infra/crypto";
import type { Tx } from "@/lib/infra/db";
import { invalid } from "../errors";
import { lockServiceConfig, writeServiceConfig } from "../api-keys/service-config";
import type { ApiKeyScope } from "../scope";
import { isHttpUrl } from "./http-url";
import {
  defaultWebhookTriggers,
  storedWebhook,
  webhookTokenAad,
  webhookView,
  type StoredWebhookConfig,
} from "./webhook-settings";

export const INVALID_WEBHOOK_CONFIG = "Invalid webhook service configuration.";

// What Node accepts in an HTTP header value (the token is sent as `Authorization: Basic <token>`): no CR, LF
// or other control characters, nothing beyond Latin-1.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export const updateWebhookConfigInput = z
  .strictObject({
    useWebhookService: z.boolean().optional(),
    webhookServiceConfig: z
      .strictObject({
        authToken: z
          .string()
          .max(2000)
          .regex(HEADER_VALUE, { error: "{path} must contain only characters allowed in an HTTP header value." })
          .optional(),
        rawNotificationUrl: z.string().max(2000).optional(),
        processedNotificationUrl: z.string().max(2000).optional(),
        encodeData: z.boolean().optional(),
        encryptData: z.boolean().optional(),
        publicKey: z.string().max(10_000).optional(),
        enableDataProtection: z.boolean().optional(),
        triggers: z.record(z.string().max(100), z.boolean()).optional(),
      })
      .optional(),
  })
  .refine((v) => v.useWebhookService !== undefined || v.webhookServiceConfig !== undefined, {
    error: INVALID_WEBHOOK_CONFIG,
  });

const TRIGGER_NAME = /^[a-z_]+\.[a-z_]+$/;

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
