import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { wakeWebhookWorker } from "./webhooks-store";
import { publishDeliveryChange } from "./delivery-changes";
import { precondition } from "../errors";
import type { ApiKeyScope } from "../scope";
import { requireAdvancedEnabled } from "./advanced-settings";
import { findEndpoint } from "./endpoint-fields";
import { exampleBody, TEST_EVENT_TYPE, webhookEventTypeNames } from "./event-types";

// "Send test event" and "Send example" (console-only, like Svix's): a signed example message of a chosen event
// type (the test type by default) to one endpoint, now, through the real delivery path (a WebhookMessage and a
// WebhookDelivery the worker signs, POSTs and logs, its attempts labelled `test`). The body is the catalog's
// example of that type (event-types.ts). The endpoint's type filter does not apply: the user asked for this.

export const sendTestEventInput = z.strictObject({
  endpointId: z.string().min(1).max(200),
  eventType: z.enum(webhookEventTypeNames).optional(),
});

export async function sendTestEvent(scope: ApiKeyScope, input: z.output<typeof sendTestEventInput>, tx: Tx) {
  await requireAdvancedEnabled(tx, scope.apiKeyId);
  const endpoint = await findEndpoint(tx, scope.apiKeyId, input.endpointId);
  if (endpoint.disabled) throw precondition("This endpoint is disabled: enable it before sending a test event.");
  const type = input.eventType ?? TEST_EVENT_TYPE;
  const now = new Date();
  const messageId = newId("msg");
  await tx.webhookMessage.create({
    data: {
      id: messageId,
      apiKeyId: scope.apiKeyId,
      eventId: newId("evt_test"),
      eventType: type,
      payload: exampleBody(type, scope, endpoint.id, now) as object,
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
      nextTrigger: "test",
      createdAt: now,
    },
  });
  await wakeWebhookWorker(tx);
  await publishDeliveryChange(scope.apiKeyId, messageId, tx);
  return { messageId, endpointId: endpoint.id, eventType: type };
}
