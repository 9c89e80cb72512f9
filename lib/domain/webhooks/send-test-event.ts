import type { Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { wakeWebhookWorker } from "./webhooks-store";
import { publishDeliveryChange } from "./delivery-changes";
import { precondition } from "../errors";
import type { ApiKeyScope } from "../scope";
import { requireAdvancedEnabled } from "./advanced-settings";
import { findEndpoint } from "./endpoint-fields";
import type { endpointIdInput } from "./endpoint-input";
import type { z } from "zod";

// "Send test event" (console-only, like Svix's): a signed sample message of the test type to one endpoint, now,
// through the real delivery path (a WebhookMessage and a WebhookDelivery the worker signs, POSTs and logs).
// The endpoint's type filter does not apply: the user asked for this one.

export const TEST_EVENT_TYPE = "webhook.test";

export async function sendTestEvent(scope: ApiKeyScope, input: z.output<typeof endpointIdInput>, tx: Tx) {
  await requireAdvancedEnabled(tx, scope.apiKeyId);
  const endpoint = await findEndpoint(tx, scope.apiKeyId, input.endpointId);
  if (endpoint.disabled) throw precondition("This endpoint is disabled: enable it before sending a test event.");
  const now = new Date();
  const messageId = newId("msg");
  await tx.webhookMessage.create({
    data: {
      id: messageId,
      apiKeyId: scope.apiKeyId,
      eventId: newId("evt_test"),
      eventType: TEST_EVENT_TYPE,
      payload: {
        type: TEST_EVENT_TYPE,
        timestamp: now.toISOString(),
        data: { message: "A test event sent from the weft console.", endpointId: endpoint.id },
      },
      createdAt: now,
    },
  });
  await tx.webhookDelivery.create({
    data: {
      id: newId("dlv"),
      apiKeyId: scope.apiKeyId,
      messageId,
      endpointId: endpoint.id,
      target: "endpoint",
      status: "pending",
      nextAttemptAt: now,
      nextTrigger: "manual",
      createdAt: now,
    },
  });
  await wakeWebhookWorker(tx);
  await publishDeliveryChange(scope.apiKeyId, messageId, tx);
  return { messageId, endpointId: endpoint.id };
}
