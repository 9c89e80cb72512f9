import { activityConsumer } from "../activities/activity-consumer";
import { emailTriggerConsumer } from "../email/email-trigger-consumer";
import { notificationConsumer } from "../notifications/notification-consumer";
import { webhookConsumer } from "../webhooks/webhook-consumer";
import type { EventConsumer } from "./event";

// Every consumer of weft events, in the order the dispatcher calls them for each event.
export const eventConsumers: EventConsumer[] = [
  activityConsumer,
  notificationConsumer,
  emailTriggerConsumer,
  webhookConsumer,
];
