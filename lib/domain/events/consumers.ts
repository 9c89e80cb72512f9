import { activityConsumer } from "../activities/activity-consumer";
import { emailTriggerConsumer } from "../email/email-trigger-consumer";
import { notificationConsumer } from "../notifications/notification-consumer";
import { webhookConsumer } from "../webhooks/webhook-consumer";
import { SECOND, type RetryPolicy } from "@/lib/infra/jobs/retry-policy";
import type { EventConsumer } from "./event";

// Every consumer of weft events, in the order the dispatcher calls them for each event.
export const eventConsumers: EventConsumer[] = [
  activityConsumer,
  notificationConsumer,
  emailTriggerConsumer,
  webhookConsumer,
];

/** A failing consumer holds back the later events of its document, so an event is retried without end. */
export const eventDispatchRetry: RetryPolicy = {
  delaysMs: [1, 2, 4, 8, 16, 32, 60].map((s) => s * SECOND),
  repeatLast: true,
};
