import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { wakeWebhookWorker } from "./webhooks-store";
import { publishDeliveryChange } from "./delivery-changes";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { requireAdvancedEnabled } from "./advanced-settings";
import { findEndpoint } from "./endpoint-fields";

export const resendMessageInput = z.strictObject({
  messageId: z.string().min(1).max(200),
  endpointId: z.string().min(1).max(200).optional(),
});

/** A delivery sent again from `now`: pending, a fresh retry schedule, its next attempt a manual one. */
export function resetForResend(now: Date) {
  return {
    status: "pending",
    attemptCount: 0,
    nextAttemptAt: now,
    nextTrigger: "manual",
    lastError: null,
    leaseToken: null,
    leaseUntil: null,
  };
}

/**
 * Sends a message again, now, with a fresh retry schedule: to one endpoint (which need not have had it
 * before) or to every endpoint it went to. The new attempts are recorded with trigger `manual`.
 */
export async function resendMessage(scope: ApiKeyScope, input: z.output<typeof resendMessageInput>, tx: Tx) {
  await requireAdvancedEnabled(tx, scope.apiKeyId);
  const message = await tx.webhookMessage.findFirst({
    where: { apiKeyId: scope.apiKeyId, id: input.messageId },
    select: { id: true },
  });
  if (!message) throw notFound("Message not found.");
  const now = new Date();
  const again = resetForResend(now);
  if (input.endpointId) {
    const endpoint = await findEndpoint(tx, scope.apiKeyId, input.endpointId);
    const existing = await tx.webhookDelivery.updateMany({
      where: { apiKeyId: scope.apiKeyId, messageId: message.id, endpointId: endpoint.id, status: { not: "sending" } },
      data: again,
    });
    if (
      existing.count === 0 &&
      !(await tx.webhookDelivery.findFirst({
        where: { apiKeyId: scope.apiKeyId, messageId: message.id, endpointId: endpoint.id },
      }))
    ) {
      await tx.webhookDelivery.create({
        data: {
          id: newId("dlv"),
          apiKeyId: scope.apiKeyId,
          messageId: message.id,
          endpointId: endpoint.id,
          target: "endpoint",
          createdAt: now,
          ...again,
        },
      });
    }
    await wakeWebhookWorker(tx);
    await publishDeliveryChange(scope.apiKeyId, message.id, tx);
    return { messageId: message.id, endpointIds: [endpoint.id] };
  }
  const deliveries = await tx.webhookDelivery.findMany({
    where: { apiKeyId: scope.apiKeyId, messageId: message.id, target: "endpoint", status: { not: "sending" } },
    select: { id: true, endpointId: true },
  });
  await tx.webhookDelivery.updateMany({
    where: { id: { in: deliveries.map((d) => d.id) }, apiKeyId: scope.apiKeyId },
    data: again,
  });
  await wakeWebhookWorker(tx);
  await publishDeliveryChange(scope.apiKeyId, message.id, tx);
  return { messageId: message.id, endpointIds: deliveries.map((d) => d.endpointId).filter((id): id is string => !!id) };
}
