import { z } from "zod";
import { email, region } from "../fields";

// Apart from create-api-key.ts so that the console's form can validate in the browser with this schema.

export const API_KEY_TYPES = ["testing", "production"] as const;

/** The region a production key gets when none is named ("North America"). */
export const DEFAULT_PERSISTENCE_REGION = "nam5";
export const DEFAULT_REALTIME_REGION = "us-central1";

const emailServiceConfig = z.strictObject({
  type: z.enum(["default", "sendgrid"]).optional(),
  apiKey: z.string().max(500).optional(),
  fromEmail: z.string().max(254).optional(),
  fromCompany: z.string().max(200).optional(),
  commentTemplateId: z.string().max(200).optional(),
  tagTemplateId: z.string().max(200).optional(),
});

const webhookServiceConfig = z.strictObject({
  authToken: z.string().max(2000).optional(),
  rawNotificationUrl: z.string().max(2000).optional(),
  processedNotificationUrl: z.string().max(2000).optional(),
});

export const createApiKeyInput = z.strictObject({
  ownerEmail: email,
  type: z.enum(API_KEY_TYPES),
  persistenceDBRegion: region.optional(),
  realtimeDBRegion: region.optional(),
  createAuthToken: z.boolean().optional(),
  apiKeyName: z.string().min(1).max(200).optional(),
  allowedDomains: z.array(z.string().max(2000)).max(100).optional(),
  addLocalHostToAllowedDomains: z.boolean().optional(),
  useEmailService: z.boolean().optional(),
  useWebhookService: z.boolean().optional(),
  useNotificationService: z.boolean().optional(),
  setDefaultNotificationTriggers: z.boolean().optional(),
  setDefaultEmailTriggers: z.boolean().optional(),
  requireAutoOrgUser: z.boolean().optional(),
  enablePrivateComments: z.boolean().optional(),
  emailServiceConfig: emailServiceConfig.optional(),
  webhookServiceConfig: webhookServiceConfig.optional(),
});
export type CreateApiKeyInput = z.output<typeof createApiKeyInput>;
