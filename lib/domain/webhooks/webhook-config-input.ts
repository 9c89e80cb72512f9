import { z } from "zod";

// Update Webhook Config's input, without server imports: the console's simple webhook form checks with it in
// the browser (lib/console/service-forms.ts).

export const INVALID_WEBHOOK_CONFIG = "Invalid webhook service configuration.";

// What Node accepts in an HTTP header value (the token is sent as `Authorization: Basic <token>`): no CR, LF
// or other control characters, nothing beyond Latin-1.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** The fields of `webhookServiceConfig`, each as its own rule. */
export const webhookConfigFields = {
  authToken: z
    .string()
    .max(2000)
    .regex(HEADER_VALUE, { error: "{path} must contain only characters allowed in an HTTP header value." }),
  rawNotificationUrl: z.string().max(2000),
  processedNotificationUrl: z.string().max(2000),
  encodeData: z.boolean(),
  encryptData: z.boolean(),
  publicKey: z.string().max(10_000),
  enableDataProtection: z.boolean(),
  triggers: z.record(z.string().max(100), z.boolean()),
};

export const updateWebhookConfigInput = z
  .strictObject({
    useWebhookService: z.boolean().optional(),
    webhookServiceConfig: z
      .strictObject({
        authToken: webhookConfigFields.authToken.optional(),
        rawNotificationUrl: webhookConfigFields.rawNotificationUrl.optional(),
        processedNotificationUrl: webhookConfigFields.processedNotificationUrl.optional(),
        encodeData: webhookConfigFields.encodeData.optional(),
        encryptData: webhookConfigFields.encryptData.optional(),
        publicKey: webhookConfigFields.publicKey.optional(),
        enableDataProtection: webhookConfigFields.enableDataProtection.optional(),
        triggers: webhookConfigFields.triggers.optional(),
      })
      .optional(),
  })
  .refine((v) => v.useWebhookService !== undefined || v.webhookServiceConfig !== undefined, {
    error: INVALID_WEBHOOK_CONFIG,
  });
