import type { Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { wakeWebhookWorker } from "./webhooks-store";
import { publishDeliveryChange } from "./delivery-changes";
import { readServiceConfig } from "../api-keys/service-config";
import { describeEvent } from "../events/describe-event";
import type { EventConsumer, WeftEvent } from "../events/event";
import { storedAdvanced } from "./advanced-settings";
import { endpointWants } from "./endpoint-fields";
import { webhookPayload } from "./webhook-payload";
import { simpleWebhookWants, storedWebhook } from "./webhook-settings";

// Turns an event into one webhook message and a delivery row per target: every enabled advanced endpoint
// whose filterTypes (and channels) match, and the simple webhook's raw and processed URLs when its trigger
// is on. Only rows are written here (and the delivery worker woken at commit); it does the network I/O. A redelivered event (same
// id) writes nothing twice.

/** Messages carry the event's organization and document as channels. */
export const messageChannels = (e: WeftEvent) => [e.organizationId, e.documentId];

function channelsMatch(endpointChannels: unknown, e: WeftEvent): boolean {
  const list = endpointChannels as string[] | null;
  return !list || messageChannels(e).some((c) => list.includes(c));
}

/** The raw event as the simple webhook gets it (the tenant's internal key id left out). */
export function rawEventBody(e: WeftEvent) {
  const { apiKeyId: _tenant, ...raw } = e;
  return raw;
}

export function processedNotificationBody(e: WeftEvent) {
  const { headline, body } = describeEvent(e);
  return {
    id: e.id,
    type: e.type,
    timestamp: e.timestamp,
    organizationId: e.organizationId,
    documentId: e.documentId,
    annotationId: e.annotationId,
    headline,
    body,
    actor: e.actor,
    recipients: e.participants.filter((p) => p.userId !== e.actor?.userId),
  };
}

export async function consumeForWebhooks(tx: Tx, event: WeftEvent) {
  const config = await readServiceConfig(tx, event.apiKeyId);
  const advanced = storedAdvanced(config);
  const endpoints = advanced?.isEnabled
    ? (
        await tx.webhookEndpoint.findMany({
          where: { apiKeyId: event.apiKeyId, disabled: false },
          select: { id: true, filterTypes: true, channels: true },
        })
      ).filter((e) => endpointWants(e.filterTypes, event.type) && channelsMatch(e.channels, event))
    : [];
  const simple = storedWebhook(config);
  const simpleTargets = simpleWebhookWants(simple, event.type)
    ? (
        [
          ["raw", simple.webhookServiceConfig.rawNotificationUrl, rawEventBody(event)],
          ["processed", simple.webhookServiceConfig.processedNotificationUrl, processedNotificationBody(event)],
        ] as const
      ).filter(([, url]) => !!url)
    : [];
  if (endpoints.length === 0 && simpleTargets.length === 0) return;

  const seen = await tx.webhookMessage.findUnique({
    where: { apiKeyId_eventId: { apiKeyId: event.apiKeyId, eventId: event.id } },
    select: { id: true },
  });
  if (seen) return;
  const messageId = newId("msg");
  const now = new Date();
  await tx.webhookMessage.create({
    data: {
      id: messageId,
      apiKeyId: event.apiKeyId,
      eventId: event.id,
      eventType: event.type,
      payload: webhookPayload(event) as object,
      createdAt: now,
    },
  });
  const base = { apiKeyId: event.apiKeyId, messageId, status: "pending", nextAttemptAt: now, createdAt: now };
  await tx.webhookDelivery.createMany({
    data: [
      ...endpoints.map((e) => ({ ...base, id: newId("dlv"), target: "endpoint", endpointId: e.id })),
      ...simpleTargets.map(([target, url, body]) => ({ ...base, id: newId("dlv"), target, url, body: body as object })),
    ],
  });
  await wakeWebhookWorker(tx);
  await publishDeliveryChange(event.apiKeyId, messageId, tx);
}

export const webhookConsumer: EventConsumer = { name: "webhooks", consume: consumeForWebhooks };
