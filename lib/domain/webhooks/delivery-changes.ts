import type { Reader, Tx } from "@/lib/infra/db";
import { publish } from "@/lib/infra/notify-bus";
import type { ApiKeyScope } from "../scope";

// "A delivery of this message changed" (queued, sending, an attempt recorded, retry scheduled, resent):
// published in the transaction that changes it, so at commit and on every instance; the console's delivery log
// (webhooks.deliveries) reads the message's deliveries again and shows the new state without a reload.

export const DELIVERY_CHANNEL = "console_webhook_delivery";

/** With `tx`, delivered when it commits; without, at once (a change that has committed already). */
export function publishDeliveryChange(apiKeyId: string, messageId: string, tx?: Tx) {
  return publish(DELIVERY_CHANNEL, JSON.stringify({ k: apiKeyId, m: messageId }), tx);
}

export interface DeliveryState {
  target: string;
  endpointId: string | null;
  status: string;
  attempts: number;
  /** When a pending delivery is tried next (a retry's scheduled time). */
  nextAttemptAt: string | null;
  lastError: string | null;
}

export interface MessageDeliveries {
  messageId: string;
  /** The latest change of any of its deliveries. */
  changedAt: Date;
  deliveries: DeliveryState[];
}

/** The current deliveries of the key's messages `messageIds` (another key's message is not there). */
export async function readMessageDeliveries(
  scope: ApiKeyScope,
  messageIds: string[],
  tx: Reader,
): Promise<MessageDeliveries[]> {
  const rows = await tx.webhookDelivery.findMany({
    where: { apiKeyId: scope.apiKeyId, messageId: { in: messageIds } },
    orderBy: { createdAt: "asc" },
  });
  const byMessage = new Map<string, MessageDeliveries>();
  for (const d of rows) {
    let m = byMessage.get(d.messageId);
    if (!m) byMessage.set(d.messageId, (m = { messageId: d.messageId, changedAt: d.updatedAt, deliveries: [] }));
    if (d.updatedAt > m.changedAt) m.changedAt = d.updatedAt;
    m.deliveries.push({
      target: d.target,
      endpointId: d.endpointId,
      status: d.status,
      attempts: d.attemptCount,
      nextAttemptAt: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
      lastError: d.lastError,
    });
  }
  return [...byMessage.values()];
}

/** The key's messages with a delivery changed after `since` (a reconnecting console's catch-up), at most 100. */
export async function messagesChangedSince(scope: ApiKeyScope, since: Date, tx: Reader): Promise<string[]> {
  const rows = await tx.webhookDelivery.findMany({
    where: { apiKeyId: scope.apiKeyId, updatedAt: { gt: since } },
    select: { messageId: true },
    distinct: ["messageId"],
    orderBy: { messageId: "asc" },
    take: 100,
  });
  return rows.map((r) => r.messageId);
}
