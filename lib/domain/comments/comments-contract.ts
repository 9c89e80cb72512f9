import { z } from "zod";
import { clientIdRecord } from "../batch";

// Comments and annotations as Get Comments, Get Comment Annotations and Get All User Data answer them, and
// Add Comment Annotations' per-annotation outcome.

const user = z.object({ userId: z.string() }).loose();
const object = z.record(z.string(), z.unknown());

export const reactionOutput = z.object({ icon: z.string(), from: user, createdAt: z.number() });

export const commentOutput = z
  .object({
    annotationId: z.string(),
    commentId: z.number(),
    commentText: z.string(),
    commentHtml: z.string().optional(),
    from: user,
    taggedUserContacts: z
      .array(z.object({ text: z.string().optional(), userId: z.string(), contact: object.optional() }))
      .optional(),
    context: object.optional(),
    isEdited: z.boolean(),
    reactions: z.array(reactionOutput),
    createdAt: z.number().describe("Epoch milliseconds."),
    lastUpdated: z.number().describe("Epoch milliseconds."),
  })
  .meta({ id: "Comment" });

export type CommentView = z.input<typeof commentOutput>;

export const annotationOutput = z
  .object({
    annotationId: z.string(),
    organizationId: z.string(),
    documentId: z.string(),
    location: object.optional(),
    targetElement: object.optional(),
    status: object.optional(),
    priority: object.optional(),
    assignedTo: user.optional(),
    context: object.optional(),
    from: user.describe("The author of the first comment."),
    comments: z.array(commentOutput),
    createdAt: z.number().describe("Epoch milliseconds."),
    lastUpdated: z.number().describe("Epoch milliseconds."),
  })
  .meta({ id: "CommentAnnotation" });

export type AnnotationView = z.input<typeof annotationOutput>;

/** Add Comment Annotations' `data`, keyed by annotationId. */
export const addedAnnotationsOutput = clientIdRecord(
  z.object({ success: z.boolean(), annotationId: z.string(), commentIds: z.array(z.number()), message: z.string() }),
);

export type AddedAnnotation = z.infer<typeof addedAnnotationsOutput>[string];

/** A reaction's `data`. */
export const reactionChangeOutput = z.object({ success: z.literal(true), message: z.string() });

/** Get Comment Annotations Count: keyed by documentId. */
export const annotationCountsOutput = clientIdRecord(
  z.object({
    total: z.number().int().describe("Annotations of the document (in statusIds, when given)."),
    unread: z.number().int().describe("Of those, the ones unread for userId."),
  }),
  { id: "AnnotationCounts" },
);

/** A comment as the v1 paths answer it: times as ISO strings, status "added" | "updated", type "text". */
export const commentV1Output = commentOutput
  .extend({
    createdAt: z.string().describe("ISO 8601."),
    lastUpdated: z.string().describe("ISO 8601."),
    status: z.enum(["added", "updated"]),
    type: z.literal("text"),
  })
  .meta({ id: "CommentV1" });

export const annotationV1Output = annotationOutput
  .extend({
    comments: z.array(commentV1Output),
    createdAt: z.string().describe("ISO 8601."),
    lastUpdated: z.string().describe("ISO 8601."),
  })
  .meta({ id: "CommentAnnotationV1" });

/** The v1 comment batches: keyed by the comment's number, which `id` repeats as a number. */
export const numberedItemResults = clientIdRecord(
  z.object({ success: z.boolean(), id: z.number(), message: z.string() }),
  { id: "NumberedItemResults" },
);
