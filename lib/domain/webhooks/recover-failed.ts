import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { wakeWebhookWorker } from "./webhooks-store";
import { invalid, precondition } from "../errors";
import type { ApiKeyScope } from "../scope";
import { requireAdvancedEnabled } from "./advanced-settings";
import { publishDeliveryChange } from "./delivery-changes";
import { findEndpoint } from "./endpoint-fields";
import { resetForResend } from "./resend-message";

// "Recover failed messages" (console-only, as Svix's app portal has it): after an outage of the receiver, every
// message that failed for good to one endpoint since a time is sent again, now, each with a fresh retry
// schedule; its attempts are labelled `manual`, numbered on from the earlier ones.

export const recoverFailedInput = z.strictObject({
  endpointId: z.string().min(1).max(200),
  since: z.iso.datetime({ offset: true }),
});

export async function recoverFailedMessages(scope: ApiKeyScope, input: z.output<typeof recoverFailedInput>, tx: Tx) {
  await requireAdvancedEnabled(tx, scope.apiKeyId);
  const since = new Date(input.since);
  if (since.getTime() > Date.now()) throw invalid("since must not be in the future.");
  const endpoint = await findEndpoint(tx, scope.apiKeyId, input.endpointId);
  if (endpoint.disabled) throw precondition("This endpoint is disabled: enable it before recovering messages.");
  const failed = await tx.webhookDelivery.findMany({
    where: { apiKeyId: scope.apiKeyId, endpointId: endpoint.id, status: "failed", createdAt: { gte: since } },
    select: { id: true, messageId: true },
  });
  if (failed.length === 0) return { endpointId: endpoint.id, recovered: 0 };
  await tx.webhookDelivery.updateMany({
    where: { apiKeyId: scope.apiKeyId, id: { in: failed.map((d) => d.id) } },
    data: resetForResend(new Date()),
  });
  await wakeWebhookWorker(tx);
  for (const messageId of new Set(failed.map((d) => d.messageId))) {
    await publishDeliveryChange(scope.apiKeyId, messageId, tx);
  }
  return { endpointId: endpoint.id, recovered: failed.length };
}
