"use server";

import { createEndpoint, createEndpointInput } from "@/lib/domain/webhooks/create-endpoint";
import { deleteEndpoint } from "@/lib/domain/webhooks/delete-endpoint";
import { endpointIdInput } from "@/lib/domain/webhooks/endpoint-fields";
import { getEndpointSecret, rotateEndpointSecret } from "@/lib/domain/webhooks/endpoint-secret";
import { getAttempts, getAttemptsInput } from "@/lib/domain/webhooks/get-attempts";
import { getEndpoints, getEndpointsInput } from "@/lib/domain/webhooks/get-endpoints";
import { getMessages, getMessagesInput } from "@/lib/domain/webhooks/get-messages";
import { resendMessage, resendMessageInput } from "@/lib/domain/webhooks/resend-message";
import { updateAdvancedWebhookConfig, updateAdvancedWebhookConfigInput } from "@/lib/domain/webhooks/update-advanced-webhook-config";
import { updateEndpoint, updateEndpointInput } from "@/lib/domain/webhooks/update-endpoint";
import { updateWebhookConfig, updateWebhookConfigInput } from "@/lib/domain/webhooks/update-webhook-config";
import { consoleAction } from "../action";

// A key's simple webhook config, advanced webhook config and endpoints, and the delivery log: the REST
// endpoints' schemas and domain services, each in one transaction like the REST API runs them.

export const saveWebhookConfigAction = consoleAction({
  access: "apiKey",
  input: updateWebhookConfigInput,
  writes: true,
  run: (input, { scope, tx }) => updateWebhookConfig(scope, input, tx),
});

export const saveAdvancedWebhookConfigAction = consoleAction({
  access: "apiKey",
  input: updateAdvancedWebhookConfigInput,
  writes: true,
  run: (input, { scope, tx }) => updateAdvancedWebhookConfig(scope, input, tx),
});

export const listEndpointsAction = consoleAction({
  access: "apiKey",
  input: getEndpointsInput,
  run: (input, { scope, db }) => getEndpoints(scope, input, db),
});

export const createEndpointAction = consoleAction({
  access: "apiKey",
  input: createEndpointInput,
  writes: true,
  run: (input, { scope, tx }) => createEndpoint(scope, input, tx),
});

export const updateEndpointAction = consoleAction({
  access: "apiKey",
  input: updateEndpointInput,
  writes: true,
  run: (input, { scope, tx }) => updateEndpoint(scope, input, tx),
});

export const deleteEndpointAction = consoleAction({
  access: "apiKey",
  input: endpointIdInput,
  writes: true,
  run: (input, { scope, tx }) => deleteEndpoint(scope, input, tx),
});

export const revealEndpointSecretAction = consoleAction({
  access: "apiKey",
  input: endpointIdInput,
  run: (input, { scope, db }) => getEndpointSecret(scope, input, db),
});

export const rotateEndpointSecretAction = consoleAction({
  access: "apiKey",
  input: endpointIdInput,
  writes: true,
  run: (input, { scope, tx }) => rotateEndpointSecret(scope, input, tx),
});

export const listMessagesAction = consoleAction({
  access: "apiKey",
  input: getMessagesInput,
  run: (input, { scope, db }) => getMessages(scope, input, db),
});

export const listAttemptsAction = consoleAction({
  access: "apiKey",
  input: getAttemptsInput,
  run: (input, { scope, db }) => getAttempts(scope, input, db),
});

export const resendMessageAction = consoleAction({
  access: "apiKey",
  input: resendMessageInput,
  writes: true,
  run: (input, { scope, tx }) => resendMessage(scope, input, tx),
});
