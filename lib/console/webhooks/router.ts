import { tracked } from "@trpc/server";
import { z } from "zod";
import {
  DELIVERY_CHANNEL,
  messagesChangedSince,
  readMessageDeliveries,
  type MessageDeliveries,
} from "@/lib/domain/webhooks/delivery-changes";
import { readServiceConfig } from "@/lib/domain/api-keys/service-config";
import { ADVANCED_DEFAULTS, storedAdvanced } from "@/lib/domain/webhooks/advanced-settings";
import { getEndpointHealth } from "@/lib/domain/webhooks/endpoint-health";
import { getMessages, getMessagesInput } from "@/lib/domain/webhooks/get-messages";
import { getEndpointOverview, endpointOverviewInput } from "@/lib/domain/webhooks/endpoint-overview";
import { listWebhookEventTypes } from "@/lib/domain/webhooks/event-types";
import { recoverFailedInput, recoverFailedMessages } from "@/lib/domain/webhooks/recover-failed";
import { sendTestEvent, sendTestEventInput } from "@/lib/domain/webhooks/send-test-event";
import { db, transaction } from "@/lib/infra/db";
import { parsePayload } from "@/lib/infra/notify-bus";
import { busFeed, RESYNC } from "../live/bus-feed";
import { scopedInput } from "../router/scoped-input";
import { apiKeyProcedure, router } from "../router/trpc";

// The webhook dashboard's reads, its live feed, the event catalog, "Send test event" / "Send example" and
// "Recover failed messages": the REST API has none of them.

export const deliveryOutcomes = ["success", "failed", "pending", "sending", "skipped"] as const;

/** An event's id: when the message's deliveries last changed, then the message (ordered, unique). */
const eventId = (m: MessageDeliveries) => `${m.changedAt.getTime()}.${m.messageId}`;

export const webhooksRouter = router({
  /** Get Advanced Webhook Config, and whether the key has set it up yet (the first save provisions it). */
  advancedConfig: apiKeyProcedure.input(scopedInput("apiKey", z.strictObject({}))).query(async ({ ctx }) => {
    const stored = storedAdvanced(await readServiceConfig(db(), ctx.scope.apiKeyId));
    return { config: stored ?? ADVANCED_DEFAULTS, configured: stored !== undefined };
  }),

  health: apiKeyProcedure
    .input(scopedInput("apiKey", z.strictObject({})))
    .query(({ ctx }) => getEndpointHealth(ctx.scope, db())),

  /** One endpoint's page: settings, health, attempts over time. */
  endpoint: apiKeyProcedure
    .input(scopedInput("apiKey", endpointOverviewInput))
    .query(({ ctx, input }) => getEndpointOverview(ctx.scope, input.data, db())),

  /** The event catalog: every type weft sends, its JSON Schema and an example body. */
  eventTypes: apiKeyProcedure.input(scopedInput("apiKey", z.strictObject({}))).query(() => listWebhookEventTypes()),

  /** Resend every message that failed for good to one endpoint since a time. */
  recover: apiKeyProcedure
    .input(scopedInput("apiKey", recoverFailedInput))
    .mutation(({ ctx, input }) => transaction((tx) => recoverFailedMessages(ctx.scope, input.data, tx))),

  /** Send test event, or an example of a chosen event type, to one endpoint. */
  sendTest: apiKeyProcedure
    .input(scopedInput("apiKey", sendTestEventInput))
    .mutation(({ ctx, input }) => transaction((tx) => sendTestEvent(ctx.scope, input.data, tx))),

  /** Get Messages with the console's outcome filter on top. */
  deliveryLog: apiKeyProcedure
    .input(scopedInput("apiKey", getMessagesInput.extend({ outcome: z.enum(deliveryOutcomes).optional() })))
    .query(({ ctx, input: { data } }) => {
      const { outcome, ...rest } = data;
      return getMessages(ctx.scope, rest, db(), { outcome });
    }),

  /**
   * The key's deliveries as they change (queued, sending, an attempt failed and its retry is scheduled,
   * delivered, failed for good), one event per message with its deliveries' state. A reconnecting client gets
   * the messages that changed after the last event it saw (tRPC's lastEventId), each once.
   */
  deliveries: apiKeyProcedure.input(scopedInput("apiKey", z.strictObject({}))).subscription(async function* ({
    ctx,
    input,
    signal,
  }) {
    const scope = ctx.scope;
    const feed = busFeed([DELIVERY_CHANNEL], (p) => parsePayload<{ k: string }>(p)?.k === scope.apiKeyId, signal);
    await feed.ready;
    const seen = new Map<string, number>();
    let since = Number(input.lastEventId?.split(".")[0]);
    async function* emit(messageIds: string[]) {
      for (const m of await readMessageDeliveries(scope, messageIds, db())) {
        const at = m.changedAt.getTime();
        if ((seen.get(m.messageId) ?? -1) >= at) continue;
        seen.set(m.messageId, at);
        since = Math.max(Number.isFinite(since) ? since : 0, at);
        yield tracked(eventId(m), { ...m, changedAt: m.changedAt.toISOString() });
      }
    }
    const catchUp = async () => (Number.isFinite(since) ? messagesChangedSince(scope, new Date(since), db()) : []);
    try {
      yield* emit(await catchUp());
      for await (const payload of feed) {
        if (payload === RESYNC) yield* emit(await catchUp());
        else yield* emit([parsePayload<{ m: string }>(payload)?.m].filter((m): m is string => typeof m === "string"));
      }
    } finally {
      await feed.return(undefined);
    }
  }),
});
