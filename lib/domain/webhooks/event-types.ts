import { z } from "zod";
import { commentEventDataSchemas } from "../comments/comment-event-contract";
import { commentEventExamples } from "../comments/comment-event-examples";
import { commentEventDraft } from "../comments/comment-events";
import { eventCatalogue } from "../events/event-catalogue";
import type { ApiKeyScope } from "../scope";
import { webhookPayload, webhookPayloadSchema } from "./webhook-payload";

// The webhook event catalog: every event type weft sends to webhooks, with the JSON Schema of its body and an
// example body. Nothing here is copied by hand: the schemas are the ones comment events are built against
// (comment-event-contract.ts), and each example is built by the code that builds real events
// (commentEventDraft, webhookPayload) from a sample change (comment-event-examples.ts). The console's test
// and example sends (send-test-event.ts) take their bodies from here too.

export const TEST_EVENT_TYPE = "webhook.test";

const testEventData = z.strictObject({
  message: z.string(),
  endpointId: z.string().describe("The endpoint the test was sent to."),
});

interface EventTypeDefinition {
  type: string;
  label: string;
  description: string;
  /** Its key in email and simple-webhook `triggers`, when it has one. */
  trigger: string | null;
  data: z.ZodType;
  /** The example's `data`, for the key `scope` (its id is in comment events' metadata) and an endpoint. */
  exampleData(scope: ApiKeyScope, endpointId: string): Record<string, unknown>;
}

const DESCRIPTIONS: Record<string, string> = {
  "comment_annotation.add": "A comment thread was started: its first comment was added.",
  "comment.add": "A reply was added to a comment thread.",
  "comment.update": "A comment's text was edited.",
  "comment.delete": "A comment was deleted, or a whole thread (then no `comment`).",
  "comment_annotation.status_change": "A thread's status changed (open, in progress, resolved, …).",
  "comment_annotation.assign": "A thread was assigned to someone (or unassigned).",
  "comment_annotation.priority_change": "A thread's priority changed.",
  "reaction.add": "Someone reacted to a comment.",
  "reaction.delete": "Someone removed their reaction from a comment.",
  [TEST_EVENT_TYPE]: "Sent from the console (Send test event) to check that an endpoint receives and verifies.",
};

const definitions: EventTypeDefinition[] = [
  ...eventCatalogue.map((e) => ({
    type: e.type,
    label: e.label,
    description: DESCRIPTIONS[e.type],
    trigger: e.trigger,
    data: commentEventDataSchemas[e.type],
    exampleData: (scope: ApiKeyScope) => commentEventDraft(scope, commentEventExamples[e.type]).data,
  })),
  {
    type: TEST_EVENT_TYPE,
    label: "Test event",
    description: DESCRIPTIONS[TEST_EVENT_TYPE],
    trigger: null,
    data: testEventData,
    exampleData: (_scope, endpointId) => ({ message: "A test event sent from the weft console.", endpointId }),
  },
];

export const webhookEventTypeNames = definitions.map((d) => d.type) as [string, ...string[]];

const byType = new Map(definitions.map((d) => [d.type, d]));

/** The schema of the body weft sends for `type` (undefined: not a type weft sends). */
export function webhookBodySchema(type: string) {
  const d = byType.get(type);
  return d && webhookPayloadSchema(d.type, d.data);
}

/** The body of an example event of `type` as it would reach `endpointId` of the key `scope`, sent `at`. */
export function exampleBody(type: string, scope: ApiKeyScope, endpointId: string, at = new Date()) {
  const d = byType.get(type);
  if (!d) throw new Error(`not a webhook event type: ${type}`);
  return webhookPayload({ type: d.type, timestamp: at.getTime(), data: d.exampleData(scope, endpointId) });
}

export interface WebhookEventTypeView {
  type: string;
  label: string;
  description: string;
  trigger: string | null;
  /** JSON Schema (draft 2020-12) of the whole body. */
  schema: Record<string, unknown>;
  example: Record<string, unknown>;
}

const EXAMPLE_SCOPE: ApiKeyScope = { level: "apiKey", workspaceId: "ws_example", apiKeyId: "key_example" };
const EXAMPLE_AT = new Date("2026-01-15T10:42:00.000Z");

let catalog: WebhookEventTypeView[] | undefined;

/** Every event type with its schema and example (built once: neither depends on the caller). */
export function listWebhookEventTypes(): WebhookEventTypeView[] {
  catalog ??= definitions.map((d) => ({
    type: d.type,
    label: d.label,
    description: d.description,
    trigger: d.trigger,
    schema: z.toJSONSchema(webhookPayloadSchema(d.type, d.data), {
      io: "output",
      unrepresentable: "any",
      target: "draft-2020-12",
    }) as Record<string, unknown>,
    example: exampleBody(d.type, EXAMPLE_SCOPE, "ep_example", EXAMPLE_AT),
  }));
  return catalog;
}
