import { createEndpoint } from "@/lib/domain/webhooks/create-endpoint";
import { deleteEndpoint } from "@/lib/domain/webhooks/delete-endpoint";
import { createEndpointInput, endpointIdInput, updateEndpointInput } from "@/lib/domain/webhooks/endpoint-input";
import { getEndpointSecret, rotateEndpointSecret } from "@/lib/domain/webhooks/endpoint-secret";
import {
  getAdvancedWebhookConfig,
  getAdvancedWebhookConfigInput,
} from "@/lib/domain/webhooks/get-advanced-webhook-config";
import { getAttempts, getAttemptsInput } from "@/lib/domain/webhooks/get-attempts";
import { getEndpoints, getEndpointsInput } from "@/lib/domain/webhooks/get-endpoints";
import { getMessages, getMessagesInput } from "@/lib/domain/webhooks/get-messages";
import { getWebhookConfig, getWebhookConfigInput } from "@/lib/domain/webhooks/get-webhook-config";
import { resendMessage, resendMessageInput } from "@/lib/domain/webhooks/resend-message";
import {
  updateAdvancedWebhookConfig,
  updateAdvancedWebhookConfigInput,
} from "@/lib/domain/webhooks/update-advanced-webhook-config";
import { updateEndpoint } from "@/lib/domain/webhooks/update-endpoint";
import { updateWebhookConfig } from "@/lib/domain/webhooks/update-webhook-config";
import { updateWebhookConfigInput } from "@/lib/domain/webhooks/webhook-config-input";
import {
  advancedWebhookConfigOutput,
  endpointDeletedOutput,
  endpointSecretOutput,
  resendScheduledOutput,
  webhookAttemptsPageOutput,
  webhookConfigOutput,
  webhookEndpointOutput,
  webhookEndpointsPageOutput,
  webhookMessagesPageOutput,
} from "@/lib/domain/webhooks/webhooks-contract";
import { defineEndpoint } from "../define-endpoint";

// Simple webhooks (config only: deliveries follow events), advanced webhooks (config, endpoints, secrets)
// and the delivery log (messages, attempts, resend).

export const webhookEndpoints = [
  defineEndpoint({
    path: "/v2/workspace/webhookconfig/update",
    auth: "apiKey",
    summary: "Update Webhook Config (simple webhooks). Merge-only; the first enable seeds the default triggers.",
    input: updateWebhookConfigInput,
    output: webhookConfigOutput,
    message: "Webhook configuration updated successfully.",
    writes: true,
    run: (input, ctx) => updateWebhookConfig(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/webhookconfig/get",
    auth: "apiKey",
    summary: "Get Webhook Config (simple webhooks).",
    input: getWebhookConfigInput,
    output: webhookConfigOutput,
    message: "Webhook configuration retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getWebhookConfig(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhookconfig/update",
    auth: "apiKey",
    summary: "Update Advanced Webhook Config. Partial; the first call must enable (isEnabled: true).",
    input: updateAdvancedWebhookConfigInput,
    output: advancedWebhookConfigOutput,
    message: "Advanced webhook configuration updated successfully.",
    writes: true,
    run: (input, ctx) => updateAdvancedWebhookConfig(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhookconfig/get",
    auth: "apiKey",
    summary: 'Get Advanced Webhook Config (all false or "" until configured).',
    input: getAdvancedWebhookConfigInput,
    output: advancedWebhookConfigOutput,
    message: "Advanced webhook configuration retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getAdvancedWebhookConfig(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/endpoints/get",
    auth: "apiKey",
    summary: "Get Advanced Webhook Endpoints, oldest first. While done is false, pass iterator for the next page.",
    input: getEndpointsInput,
    output: webhookEndpointsPageOutput,
    message: "Advanced webhook endpoints retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getEndpoints(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/endpoints/create",
    auth: "apiKey",
    summary: "Create Advanced Webhook Endpoint. The signing secret is generated; read it with endpoints/secret/get.",
    input: createEndpointInput,
    output: webhookEndpointOutput,
    message: "Advanced webhook endpoint created successfully.",
    writes: true,
    run: (input, ctx) => createEndpoint(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/endpoints/update",
    auth: "apiKey",
    summary: "Update Advanced Webhook Endpoint (partial). Re-enabling clears the endpoint's failure streak.",
    input: updateEndpointInput,
    output: webhookEndpointOutput,
    message: "Advanced webhook endpoint updated successfully.",
    writes: true,
    run: (input, ctx) => updateEndpoint(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/endpoints/delete",
    auth: "apiKey",
    summary: "Delete Advanced Webhook Endpoint, with its secret and pending deliveries.",
    input: endpointIdInput,
    output: endpointDeletedOutput,
    message: "Advanced webhook endpoint deleted successfully.",
    writes: true,
    run: (input, ctx) => deleteEndpoint(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/endpoints/secret/get",
    auth: "apiKey",
    secret: true,
    summary: "Get Advanced Webhook Endpoint Secret (whsec_...).",
    input: endpointIdInput,
    output: endpointSecretOutput,
    message: "Advanced webhook endpoint secret retrieved successfully.",
    run: (input, ctx) => getEndpointSecret(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/endpoints/secret/rotate",
    auth: "apiKey",
    secret: true,
    summary:
      "Rotate an endpoint's signing secret. For 24 hours deliveries carry signatures with both the new and the old secret.",
    input: endpointIdInput,
    output: endpointSecretOutput,
    message: "Advanced webhook endpoint secret rotated successfully.",
    writes: true,
    run: (input, ctx) => rotateEndpointSecret(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/messages/get",
    auth: "apiKey",
    summary:
      "The webhook delivery log: messages newest first, each with its deliveries' state. Filter by endpointId or eventType.",
    input: getMessagesInput,
    output: webhookMessagesPageOutput,
    message: "Advanced webhook messages retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getMessages(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/attempts/get",
    auth: "apiKey",
    summary:
      "Every delivery attempt, newest first, with status code, duration and a response excerpt. Filter by messageId or endpointId.",
    input: getAttemptsInput,
    output: webhookAttemptsPageOutput,
    message: "Advanced webhook attempts retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getAttempts(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/advancedwebhook/messages/resend",
    auth: "apiKey",
    summary: "Send a message again now, to one endpoint or to every endpoint it went to, with a fresh retry schedule.",
    input: resendMessageInput,
    output: resendScheduledOutput,
    message: "Advanced webhook message resend scheduled successfully.",
    writes: true,
    run: (input, ctx) => resendMessage(ctx.scope, input, ctx.tx),
  }),
];
