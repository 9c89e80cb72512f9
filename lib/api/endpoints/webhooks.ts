import { z } from "zod";
import { createEndpoint, createEndpointInput } from "@/lib/domain/webhooks/create-endpoint";
import { deleteEndpoint } from "@/lib/domain/webhooks/delete-endpoint";
import { endpointIdInput } from "@/lib/domain/webhooks/endpoint-fields";
import { getEndpointSecret, rotateEndpointSecret } from "@/lib/domain/webhooks/endpoint-secret";
import { getAdvancedWebhookConfig, getAdvancedWebhookConfigInput } from "@/lib/domain/webhooks/get-advanced-webhook-config";
import { getAttempts, getAttemptsInput } from "@/lib/domain/webhooks/get-attempts";
import { getEndpoints, getEndpointsInput } from "@/lib/domain/webhooks/get-endpoints";
import { getMessages, getMessagesInput } from "@/lib/domain/webhooks/get-messages";
import { getWebhookConfig, getWebhookConfigInput } from "@/lib/domain/webhooks/get-webhook-config";
import { resendMessage, resendMessageInput } from "@/lib/domain/webhooks/resend-message";
import { updateAdvancedWebhookConfig, updateAdvancedWebhookConfigInput } from "@/lib/domain/webhooks/update-advanced-webhook-config";
import { updateEndpoint, updateEndpointInput } from "@/lib/domain/webhooks/update-endpoint";
import { updateWebhookConfig, updateWebhookConfigInput } from "@/lib/domain/webhooks/update-webhook-config";
import { defineEndpoint } from "../define-endpoint";

// Simple webhooks (config only: deliveries follow events), advanced webhooks (config, endpoints, secrets)
// and the delivery log (messages, attempts, resend).

const webhookConfig = z.object({
  useWebhookService: z.boolean(),
  webhookServiceConfig: z.object({
    authToken: z.string(),
    rawNotificationUrl: z.string(),
    processedNotificationUrl: z.string(),
    encodeData: z.boolean().optional(),
    encryptData: z.boolean().optional(),
    publicKey: z.string().optional(),
    enableDataProtection: z.boolean().optional(),
    triggers: z.record(z.string(), z.boolean()).optional(),
  }),
});

const advancedConfig = z.object({
  isEnabled: z.boolean(),
  encryptData: z.boolean(),
  encodeData: z.boolean(),
  publicKey: z.string(),
  enableDataProtection: z.boolean(),
});

const endpoint = z.object({
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
});

const iteratorPage = { iterator: z.string().nullable(), prevIterator: z.string().nullable(), done: z.boolean() };

const secret = z.object({ endpointId: z.string(), secret: z.string().describe("whsec_ followed by the base64 key.") });

const message = z.object({
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
});

const attempt = z.object({
  id: z.string(),
  messageId: z.string(),
  endpointId: z.string().nullable(),
  url: z.string(),
  status: z.string().describe("success | failed"),
  responseStatusCode: z.number().describe("0 when no HTTP answer came (refused, timeout, connection error)."),
  response: z.string().describe("The first 1,000 characters of the answer."),
  error: z.string().nullable(),
  durationMs: z.number(),
  trigger: z.string().describe("scheduled | manual (resend)"),
  timestamp: z.string(),
});

export const webhookEndpoints = [
  defineEndpoint({
    path: "/v2/workspace/webhookconfig/update",
    auth: "apiKey",
    summary: "Update Webhook Config (simple webhooks). Merge-only; the first enable seeds the default triggers.",
    input: updateWebhookConfigInput,
    output: webhookConfig,
    message: "Webhook configuration updated successfully.",
    writes: true,
    run: (input, ctx) => updateWebhookConfig(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/webhookconfig/get",
    auth: "apiKey",
    summary: "Get Webhook Config (simple webhooks).",
    input: getWebhookConfigInput,
    output: webhookConfig,
    message: "Webhook configuration retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getWebhookConfig(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhookconfig/update",
    auth: "apiKey",
    summary: "Update Advanced Webhook Config. Partial; the first call must enable (isEnabled: true).",
    input: updateAdvancedWebhookConfigInput,
    output: advancedConfig,
    message: "Advanced webhook configuration updated successfully.",
    writes: true,
    run: (input, ctx) => updateAdvancedWebhookConfig(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhookconfig/get",
    auth: "apiKey",
    summary: "Get Advanced Webhook Config (all false or \"\" until configured).",
    input: getAdvancedWebhookConfigInput,
    output: advancedConfig,
    message: "Advanced webhook configuration retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getAdvancedWebhookConfig(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/endpoints/get",
    auth: "apiKey",
    summary: "Get Advanced Webhook Endpoints, oldest first. While done is false, pass iterator for the next page.",
    input: getEndpointsInput,
    output: z.object({ endpoints: z.array(endpoint), ...iteratorPage }),
    message: "Advanced webhook endpoints retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getEndpoints(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/endpoints/create",
    auth: "apiKey",
    summary: "Create Advanced Webhook Endpoint. The signing secret is generated; read it with endpoints/secret/get.",
    input: createEndpointInput,
    output: endpoint,
    message: "Advanced webhook endpoint created successfully.",
    writes: true,
    run: (input, ctx) => createEndpoint(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/endpoints/update",
    auth: "apiKey",
    summary: "Update Advanced Webhook Endpoint (partial). Re-enabling clears the endpoint's failure streak.",
    input: updateEndpointInput,
    output: endpoint,
    message: "Advanced webhook endpoint updated successfully.",
    writes: true,
    run: (input, ctx) => updateEndpoint(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/endpoints/delete",
    auth: "apiKey",
    summary: "Delete Advanced Webhook Endpoint, with its secret and pending deliveries.",
    input: endpointIdInput,
    output: z.object({ endpointId: z.string(), deleted: z.boolean() }),
    message: "Advanced webhook endpoint deleted successfully.",
    writes: true,
    run: (input, ctx) => deleteEndpoint(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/endpoints/secret/get",
    auth: "apiKey",
    summary: "Get Advanced Webhook Endpoint Secret (whsec_...).",
    input: endpointIdInput,
    output: secret,
    message: "Advanced webhook endpoint secret retrieved successfully.",
    run: (input, ctx) => getEndpointSecret(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/endpoints/secret/rotate",
    auth: "apiKey",
    summary: "Rotate an endpoint's signing secret. For 24 hours deliveries carry signatures with both the new and the old secret.",
    input: endpointIdInput,
    output: secret,
    message: "Advanced webhook endpoint secret rotated successfully.",
    writes: true,
    run: (input, ctx) => rotateEndpointSecret(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/messages/get",
    auth: "apiKey",
    summary: "The webhook delivery log: messages newest first, each with its deliveries' state. Filter by endpointId or eventType.",
    input: getMessagesInput,
    output: z.object({ messages: z.array(message), ...iteratorPage }),
    message: "Advanced webhook messages retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getMessages(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/attempts/get",
    auth: "apiKey",
    summary: "Every delivery attempt, newest first, with status code, duration and a response excerpt. Filter by messageId or endpointId.",
    input: getAttemptsInput,
    output: z.object({ attempts: z.array(attempt), ...iteratorPage }),
    message: "Advanced webhook attempts retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getAttempts(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/messages/resend",
    auth: "apiKey",
    summary: "Send a message again now, to one endpoint or to every endpoint it went to, with a fresh retry schedule.",
    input: resendMessageInput,
    output: z.object({ messageId: z.string(), endpointIds: z.array(z.string()) }),
    message: "Advanced webhook message resend scheduled successfully.",
    writes: true,
    run: (input, ctx) => resendMessage(ctx.scope, input, ctx.tx),
  }),
];
