import { z } from "zod";
import type { Reader, Tx } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import {
  lockServiceConfigRow,
  readServiceConfigRow,
  serviceConfigOfKey,
  writeServiceConfigRow,
} from "./api-keys-store";
import { EMAIL_TYPES } from "../email/email-config-input";

// ApiKey.serviceConfig holds the key's service configs (SDK settings, email, simple and advanced webhooks,
// activity logs, notifications, the permission provider), one zod schema per section: parsed on every read,
// validated on every write, so no code reads it with casts.
// Config updates lock the row so concurrent updates merge, not race. The stored JSON keeps the shape it
// always had (only what a schema names is kept), so stored rows need no migration.

export const DOCUMENT_ACCESS_TYPES = ["public", "restricted", "organizationPrivate"] as const;

const triggers = z.record(z.string(), z.boolean());

/** SDK settings (Update API Key Config) and the service switches Create API Key stores. */
export const keySettingsSection = z.object({
  enablePrivateComments: z.boolean().optional(),
  requireJwtToken: z.boolean().optional(),
  requireAutoOrgUser: z.boolean().optional(),
  defaultDocumentAccessType: z.enum(DOCUMENT_ACCESS_TYPES).optional(),
  useNotificationService: z.boolean().optional(),
  setDefaultNotificationTriggers: z.boolean().optional(),
  setDefaultEmailTriggers: z.boolean().optional(),
});

/** Email (Update Email Config); the SendGrid `apiKey` is AES-256-GCM sealed. */
export const emailSection = z.object({
  useEmailService: z.boolean().optional(),
  emailServiceConfig: z
    .object({
      type: z.enum(EMAIL_TYPES).optional(),
      apiKey: z.string().optional(),
      fromEmail: z.string().optional(),
      fromCompany: z.string().optional(),
      commentTemplateId: z.string().optional(),
      tagTemplateId: z.string().optional(),
      triggers: triggers.optional(),
    })
    .optional(),
});

/** The simple webhook (Update Webhook Config); `authToken` is AES-256-GCM sealed. */
export const webhookSection = z.object({
  useWebhookService: z.boolean().optional(),
  webhookServiceConfig: z
    .object({
      authToken: z.string().optional(),
      rawNotificationUrl: z.string().optional(),
      processedNotificationUrl: z.string().optional(),
      encodeData: z.boolean().optional(),
      encryptData: z.boolean().optional(),
      publicKey: z.string().optional(),
      enableDataProtection: z.boolean().optional(),
      triggers: triggers.optional(),
    })
    .optional(),
});

/** Advanced webhooks (Update Advanced Webhook Config); absent = never configured. */
export const advancedWebhookSection = z.object({
  advancedWebhookConfig: z
    .object({
      isEnabled: z.boolean().optional(),
      encryptData: z.boolean().optional(),
      encodeData: z.boolean().optional(),
      publicKey: z.string().optional(),
      enableDataProtection: z.boolean().optional(),
    })
    .optional(),
});

/** Trigger groups (`comment`, `huddle`): event type -> on/off. */
const triggerGroups = z.record(z.string(), triggers);

/** Activity logs (Update Activity Config); the on/off switch itself is the ApiKey.activityLogs column. */
export const activitySection = z.object({
  activityServiceConfig: z
    .object({
      enabledTime: z.number().optional(),
      immutable: z.boolean().optional(),
      triggers: triggerGroups.optional(),
    })
    .optional(),
});

/** In-app notifications (Update Notification Config); `useNotificationService` is in keySettingsSection. */
export const notificationSection = z.object({
  notificationServiceConfig: z
    .object({
      triggers: triggerGroups.optional(),
      delayConfig: z.object({ isEnabled: z.boolean().optional(), delaySeconds: z.number().optional() }).optional(),
      batchConfig: z
        .record(
          z.string(),
          z.object({
            isEnabled: z.boolean().optional(),
            batchWindowSeconds: z.number().optional(),
            maxActivities: z.number().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});

/** Permission provider (Update Permission Provider Config); `authToken` is AES-256-GCM sealed. */
export const permissionProviderSection = z.object({
  usePermissionProvider: z.boolean().optional(),
  permissionProviderConfig: z
    .object({ permissionProviderUrl: z.string().optional(), authToken: z.string().optional() })
    .optional(),
});

export const serviceConfigSchema = z.object({
  ...keySettingsSection.shape,
  ...emailSection.shape,
  ...webhookSection.shape,
  ...advancedWebhookSection.shape,
  ...activitySection.shape,
  ...notificationSection.shape,
  ...permissionProviderSection.shape,
});
export type ServiceConfig = z.output<typeof serviceConfigSchema>;

/** A stored value as the schema reads it (a key without config reads as {}). */
export function parseServiceConfig(stored: unknown): ServiceConfig {
  return serviceConfigSchema.parse(stored ?? {});
}

/** The key's config, with the row locked until the transaction ends. */
export async function lockServiceConfig(tx: Tx, scope: ApiKeyScope): Promise<ServiceConfig> {
  return parseServiceConfig(await lockServiceConfigRow(tx, scope));
}

/** The key's config, for reads (no lock). */
export async function keyServiceConfig(db: Reader, scope: ApiKeyScope): Promise<ServiceConfig> {
  return parseServiceConfig(await serviceConfigOfKey(db, scope));
}

/** Validated before it is written: a value the schema refuses is a bug, never stored. */
export async function writeServiceConfig(tx: Tx, scope: ApiKeyScope, config: ServiceConfig) {
  await writeServiceConfigRow(tx, scope, serviceConfigSchema.parse(config));
}

/** Read-only access for event consumers and workers, which act for the key named in the event. */
export async function readServiceConfig(db: Reader, apiKeyId: string): Promise<ServiceConfig> {
  return parseServiceConfig(await readServiceConfigRow(db, apiKeyId));
}
