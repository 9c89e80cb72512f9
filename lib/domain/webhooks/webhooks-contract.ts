import { z } from "zod";
import { credential } from "../fields";

// What the webhook endpoints answer: simple webhook config, advanced webhook config and endpoints, and the
// delivery log (messages, attempts, resend).

export const webhookConfigOutput = z
  .object({
    useWebhookService: z.boolean(),
    webhookServiceConfig: z.object({
      authToken: credential(),
      rawNotificationUrl: z.string(),
      processedNotificationUrl: z.string(),
      encodeData: z.boolean().optional(),
      encryptData: z.boolean().optional(),
      publicKey: z.string().optional(),
      enableDataProtection: z.boolean().optional(),
      triggers: z.record(z.string(), z.boolean()).optional(),
    }),
  })
  .meta({ id: "WebhookConfig" });

export const advancedWebhookConfigOutput = z
  .object({
    isEnabled: z.boolean(),
    encryptData: z.boolean(),
    encodeData: z.boolean(),
    publicKey: z.string(),
    enableDataProtection: z.boolean(),
  })
  .meta({ id: "AdvancedWebhookConfig" });

export const webhookEndpointOutput = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    filterTypes: z.array(z.string()).nullable().describe("null: every event type."),
    channels: z.array(z.string()).nullable(),
    disabled: z.boolean(),
    rateLimit: z.number().nullable().describe("Deliveries per second; null: no limit."),
    uid: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "WebhookEndpoint" });

export type WebhookEndpoint = z.infer<typeof webhookEndpointOutput>;

const iteratorPage = { iterator: z.string().nullable(), prevIterator: z.string().nullable(), done: z.boolean() };

export const webhookEndpointsPageOutput = z.object({ endpoints: z.array(webhookEndpointOutput), ...iteratorPage });

export const endpointDeletedOutput = z.object({ endpointId: z.string(), deleted: z.boolean() });

export const endpointSecretOutput = z
  .object({ endpointId: z.string(), secret: credential().describe("whsec_ followed by the base64 key.") })
  .meta({ id: "WebhookEndpointSecret" });

const webhookMessageOutput = z
  .object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    payload: z.record(z.string(), z.unknown()).describe("The delivered body: {type, timestamp, data}."),
    timestamp: z.string(),
    deliveries: z.array(
      z.object({
        target: z.string().describe("endpoint | raw | processed (the simple webhook URLs)"),
        endpointId: z.string().nullable(),
        url: z.string().nullable(),
        status: z.string().describe("pending | sending | success | failed | skipped (endpoint disabled)"),
        attempts: z.number(),
        nextAttemptAt: z.string().nullable(),
        lastError: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "WebhookMessage" });

export const webhookMessagesPageOutput = z.object({ messages: z.array(webhookMessageOutput), ...iteratorPage });

const webhookAttemptOutput = z
  .object({
    id: z.string(),
    messageId: z.string(),
    endpointId: z.string().nullable(),
    url: z.string(),
    status: z.string().describe("success | failed"),
    responseStatusCode: z.number().describe("0 when no HTTP answer came (refused, timeout, connection error)."),
    response: z.string().describe("The first 1,000 characters of the answer."),
    error: z.string().nullable(),
    durationMs: z.number(),
    trigger: z.string().describe("scheduled | manual (resend) | test (sent from the console)"),
    attempt: z.number().describe("This delivery's attempt number, counted across resends: 1, 2, 3, ..."),
    cause: z
      .enum(["first", "retry", "manual", "test"])
      .describe("What made the attempt: the first try, a scheduled retry, a resend or recovery, a console test."),
    retry: z.number().nullable().describe("For a retry: which retry of its schedule (1 for the first)."),
    timestamp: z.string(),
  })
  .meta({ id: "WebhookAttempt" });

export const webhookAttemptsPageOutput = z.object({ attempts: z.array(webhookAttemptOutput), ...iteratorPage });

export const resendScheduledOutput = z.object({ messageId: z.string(), endpointIds: z.array(z.string()) });
