import { openSetting, secretAad } from "@/lib/infra/crypto";
import type { ServiceConfig } from "../api-keys/service-config";
import { HUDDLE_TRIGGERS } from "../email/email-settings";
import { triggerKey } from "../events/describe-event";
import { weftEventTypes } from "../events/event";

// The simple webhook config as stored in ApiKey.serviceConfig (`useWebhookService`, `webhookServiceConfig`).
// The auth token is stored encrypted; the customer chose it, so Get Webhook Config shows it.

export const webhookTokenAad = (apiKeyId: string) => secretAad("ApiKey", "webhookServiceConfig.authToken", apiKeyId);

/** Seeded on the first enable: comment and huddle triggers on, suggestions opt-in, crdt and recorder off. */
export function defaultWebhookTriggers(): Record<string, boolean> {
  const on = [...weftEventTypes.map(triggerKey), ...HUDDLE_TRIGGERS];
  const off = [
    "comment_annotation.suggestion_accept",
    "comment_annotation.suggestion_reject",
    "crdt.update",
    "recorder.add",
  ];
  return { ...Object.fromEntries(on.map((t) => [t, true])), ...Object.fromEntries(off.map((t) => [t, false])) };
}

export type StoredWebhookConfig = NonNullable<ServiceConfig["webhookServiceConfig"]>;

export interface StoredWebhook {
  useWebhookService: boolean;
  webhookServiceConfig: StoredWebhookConfig;
}

export function storedWebhook(config: ServiceConfig): StoredWebhook {
  return {
    useWebhookService: config.useWebhookService === true,
    webhookServiceConfig: { ...config.webhookServiceConfig },
  };
}

export function webhookView(stored: StoredWebhook, apiKeyId: string) {
  const { authToken, rawNotificationUrl, processedNotificationUrl, ...rest } = stored.webhookServiceConfig;
  return {
    useWebhookService: stored.useWebhookService,
    webhookServiceConfig: {
      authToken: openSetting(authToken, webhookTokenAad(apiKeyId)),
      rawNotificationUrl: rawNotificationUrl ?? "",
      processedNotificationUrl: processedNotificationUrl ?? "",
      ...rest,
    },
  };
}

/** Whether an event type goes to the simple webhook: its trigger is on (every type while none are stored). */
export function simpleWebhookWants(stored: StoredWebhook, type: string): boolean {
  if (!stored.useWebhookService) return false;
  const triggers = stored.webhookServiceConfig.triggers;
  return triggers ? triggers[triggerKey(type)] === true : true;
}
