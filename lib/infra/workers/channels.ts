import type { Tx } from "../db";
import { publish } from "../notify-bus";

// Notify-bus channels that wake the worker loops. Domain code calls the wake functions in the transaction that
// writes the work, so the loops wake when it commits.

export const EVENTS_CHANNEL = "weft_events";
export const WEBHOOKS_CHANNEL = "weft_webhooks";

/** An event row was written in `tx`. */
export const wakeEventDispatcher = (tx: Tx) => publish(EVENTS_CHANNEL, "", tx);

/** Webhook deliveries were made due in `tx`. */
export const wakeWebhookWorker = (tx: Tx) => publish(WEBHOOKS_CHANNEL, "", tx);
