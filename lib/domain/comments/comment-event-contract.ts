import { z } from "zod";
import type { WeftEventType } from "../events/event";
import { userRef } from "../events/user-ref";
import { annotationOutput, commentOutput, reactionOutput } from "./comments-contract";

// The public `data` of each comment event (what webhooks deliver and the raw simple webhook carries), one schema
// per event type. comment-events.ts builds it typed against these schemas, and the webhook event catalog shows
// them (as JSON Schema) with an example built by the same code: tests parse both the examples and real
// deliveries with them.

const metadata = z.object({ apiKey: z.string(), organizationId: z.string(), documentId: z.string() });
const change = z.object({ from: z.unknown(), to: z.unknown() });

const base = {
  commentAnnotation: annotationOutput.describe("The thread after the change (before it, for a deletion)."),
  actionUser: userRef.nullable().describe("Who made the change, as the API call named them."),
  metadata: metadata.describe("The API key (its id), organization and document of the thread."),
};

const withComment = { ...base, comment: commentOutput.describe("The comment the event is about.") };
const withReaction = { ...withComment, reaction: reactionOutput.describe("The reaction added or removed.") };
const withChanges = (field: string) => ({
  ...base,
  changes: z.object({ [field]: change }).describe(`The ${field} before and after.`),
});

const eventData = <T extends WeftEventType, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ actionType: z.literal(type), ...shape });

export const commentEventDataSchemas = {
  "comment_annotation.add": eventData("comment_annotation.add", withComment),
  "comment.add": eventData("comment.add", withComment),
  "comment.update": eventData("comment.update", withComment),
  "comment.delete": eventData("comment.delete", {
    ...base,
    comment: commentOutput.optional().describe("The deleted comment; absent when the whole thread was deleted."),
  }),
  "comment_annotation.status_change": eventData("comment_annotation.status_change", withChanges("status")),
  "comment_annotation.assign": eventData("comment_annotation.assign", withChanges("assignedTo")),
  "comment_annotation.priority_change": eventData("comment_annotation.priority_change", withChanges("priority")),
  "reaction.add": eventData("reaction.add", withReaction),
  "reaction.delete": eventData("reaction.delete", withReaction),
} satisfies Record<WeftEventType, z.ZodType>;

export type CommentEventData = z.input<(typeof commentEventDataSchemas)[WeftEventType]>;
