import { z } from "zod";
import { itemResults } from "@/lib/domain/batch";
import { addCommentAnnotations, addCommentAnnotationsInput } from "@/lib/domain/comments/add-comment-annotations";
import { addComments, addCommentsInput } from "@/lib/domain/comments/add-comments";
import { countCommentAnnotations, countCommentAnnotationsInput } from "@/lib/domain/comments/count-comment-annotations";
import { markAnnotationsReadInput, markCommentAnnotationsRead } from "@/lib/domain/comments/mark-annotations-read";
import {
  addCommentsV1,
  deleteAnnotationsV1,
  deleteAnnotationsV1Input,
  deleteCommentsV1,
  deleteCommentsV1Input,
  getAnnotationsV1,
  getAnnotationsV1Input,
  getCommentsV1,
  getCommentsV1Input,
  updateAnnotationsV1,
  updateAnnotationsV1Input,
  updateCommentsV1,
  updateCommentsV1Input,
} from "@/lib/domain/comments/comments-v1";
import {
  addedAnnotationsOutput,
  annotationV1Output,
  commentV1Output,
  numberedItemResults,
  annotationCountsOutput,
  annotationOutput,
  commentOutput,
  reactionChangeOutput,
} from "@/lib/domain/comments/comments-contract";
import {
  deleteCommentAnnotations,
  deleteCommentAnnotationsInput,
} from "@/lib/domain/comments/delete-comment-annotations";
import { deleteComments, deleteCommentsInput } from "@/lib/domain/comments/delete-comments";
import { getCommentAnnotations, getCommentAnnotationsInput } from "@/lib/domain/comments/get-comment-annotations";
import { getComments, getCommentsInput } from "@/lib/domain/comments/get-comments";
import { addReaction, deleteReaction, reactionInput } from "@/lib/domain/comments/reactions";
import {
  updateCommentAnnotations,
  updateCommentAnnotationsInput,
} from "@/lib/domain/comments/update-comment-annotations";
import { updateComments, updateCommentsInput } from "@/lib/domain/comments/update-comments";
import { defineEndpoint } from "../define-endpoint";
import { v1Twin } from "../v1-twin";
import { paged } from "./replies";

const EVENTS =
  "Each change emits a typed event (outbox), which the dispatcher turns into activity records, notifications, emails and webhooks.";

const addAnnotationsV2 = defineEndpoint({
  path: "/v2/commentannotations/add",
  auth: "apiKey",
  summary: `Add Comment Annotations with their comments (ids generated when omitted; the organization and document are created when missing). Emits comment_annotation.add. ${EVENTS}`,
  input: addCommentAnnotationsInput,
  output: addedAnnotationsOutput,
  message: "Comment Annotation(s) added successfully.",
  writes: true,
  run: (input, ctx) => addCommentAnnotations(ctx.scope, input, ctx.tx),
});

const getAnnotationsV2 = defineEndpoint({
  path: "/v2/commentannotations/get",
  auth: "apiKey",
  summary:
    "Get Comment Annotations with their comments and reactions. Filters combine; paged (pageSize default 1000, nextPageToken).",
  input: getCommentAnnotationsInput,
  message: "Comment Annotation(s) retrieved successfully.",
  run: (input, ctx) => getCommentAnnotations(ctx.scope, input, ctx.db),
  ...paged("annotations", "nextPageToken", z.array(annotationOutput)),
});

const updateAnnotationsV2 = defineEndpoint({
  path: "/v2/commentannotations/update",
  auth: "apiKey",
  summary: `Update Comment Annotations: status, priority, assignedTo, location, context. Emits comment_annotation.status_change, .priority_change and .assign for real changes. ${EVENTS}`,
  input: updateCommentAnnotationsInput,
  output: itemResults,
  message: "Comment Annotation(s) updated successfully.",
  writes: true,
  run: (input, ctx) => updateCommentAnnotations(ctx.scope, input, ctx.tx),
});

const deleteAnnotationsV2 = defineEndpoint({
  path: "/v2/commentannotations/delete",
  auth: "apiKey",
  summary: `Delete Comment Annotations with their comments and reactions. Emits comment.delete. ${EVENTS}`,
  input: deleteCommentAnnotationsInput,
  output: itemResults,
  message: "Comment Annotation(s) deleted successfully.",
  writes: true,
  run: (input, ctx) => deleteCommentAnnotations(ctx.scope, input, ctx.tx),
});

const addCommentsV2 = defineEndpoint({
  path: "/v2/commentannotations/comments/add",
  auth: "apiKey",
  summary: `Add Comments to an annotation; data keyed by commentId. Emits comment.add per comment. ${EVENTS}`,
  input: addCommentsInput,
  output: itemResults,
  message: "Comment(s) added successfully.",
  writes: true,
  run: (input, ctx) => addComments(ctx.scope, input, ctx.tx),
});

const getCommentsV2 = defineEndpoint({
  path: "/v2/commentannotations/comments/get",
  auth: "apiKey",
  summary: "Get Comments of an annotation (all, or those in commentIds), with their reactions.",
  input: getCommentsInput,
  output: z.array(commentOutput),
  message: "Comment(s) retrieved successfully.",
  run: (input, ctx) => getComments(ctx.scope, input, ctx.db),
});

const updateCommentsV2 = defineEndpoint({
  path: "/v2/commentannotations/comments/update",
  auth: "apiKey",
  summary: `Update Comments: commentText, commentHtml, taggedUserContacts, context. Emits comment.update per comment. ${EVENTS}`,
  input: updateCommentsInput,
  output: itemResults,
  message: "Comment(s) updated successfully.",
  writes: true,
  run: (input, ctx) => updateComments(ctx.scope, input, ctx.tx),
});

const deleteCommentsV2 = defineEndpoint({
  path: "/v2/commentannotations/comments/delete",
  auth: "apiKey",
  summary: `Delete Comments with their reactions (an annotation left empty goes too). Emits comment.delete per comment. ${EVENTS}`,
  input: deleteCommentsInput,
  output: itemResults,
  message: "Comment(s) deleted successfully.",
  writes: true,
  run: (input, ctx) => deleteComments(ctx.scope, input, ctx.tx),
});

const countAnnotationsV2 = defineEndpoint({
  path: "/v2/commentannotations/count/get",
  auth: "apiKey",
  summary:
    "Get Comment Annotations Count: per document (at most 30) its annotations (in statusIds, when given) and how many are unread for userId: an annotation is unread while it holds a comment by someone else newer than the user's read mark. Needs advanced queries.",
  input: countCommentAnnotationsInput,
  output: annotationCountsOutput,
  message: "Comment count retrieved successfully.",
  run: (input, ctx) => countCommentAnnotations(ctx.scope, input, ctx.db),
});

export const commentEndpoints = [
  addAnnotationsV2,
  getAnnotationsV2,
  updateAnnotationsV2,
  deleteAnnotationsV2,
  addCommentsV2,
  getCommentsV2,
  updateCommentsV2,
  deleteCommentsV2,
  defineEndpoint({
    path: "/v2/commentannotations/comments/reactions/add",
    auth: "apiKey",
    summary: `Add a reaction (icon) by a user to a comment; one per user and icon. Emits reaction.add. ${EVENTS}`,
    input: reactionInput,
    output: reactionChangeOutput,
    message: "Reaction added successfully.",
    writes: true,
    run: (input, ctx) => addReaction(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/commentannotations/comments/reactions/delete",
    auth: "apiKey",
    summary: `Delete a user's reaction (icon) from a comment. Emits reaction.delete. ${EVENTS}`,
    input: reactionInput,
    output: reactionChangeOutput,
    message: "Reaction deleted successfully.",
    writes: true,
    run: (input, ctx) => deleteReaction(ctx.scope, input, ctx.tx),
  }),
  v1Twin(addAnnotationsV2, "/v1/commentannotations/add"),
  v1Twin(getAnnotationsV2, "/v1/commentannotations/get", {
    summary:
      "Get Comment Annotations (v1): the document's annotations by filters, no paging (the first 1,000); times as ISO strings; a requested annotationId that does not exist is a null entry.",
    input: getAnnotationsV1Input,
    output: z.array(annotationV1Output.nullable()),
    message: "Annotations fetched successfully.",
    reply: undefined,
    run: (input, ctx) => getAnnotationsV1(ctx.scope, input, ctx.db),
  }),
  v1Twin(updateAnnotationsV2, "/v1/commentannotations/update", {
    summary:
      "Update Comment Annotations (v1): the annotations the filters pick (every one of the document without any); a status may name only its type; updateUsers puts newUser in oldUser's place.",
    input: updateAnnotationsV1Input,
    message: "Annotations updated successfully.",
    run: (input, ctx) => updateAnnotationsV1(ctx.scope, input, ctx.tx),
  }),
  v1Twin(deleteAnnotationsV2, "/v1/commentannotations/delete", {
    summary:
      "Delete Comment Annotations (v1): the annotations the filters pick (every one of the document without any); a requested id that is missing is 'Annotation not found.'.",
    input: deleteAnnotationsV1Input,
    message: "Annotations deleted successfully.",
    run: (input, ctx) => deleteAnnotationsV1(ctx.scope, input, ctx.tx),
  }),
  v1Twin(addCommentsV2, "/v1/commentannotations/comments/add", {
    summary: "Add Comments (v1): data is the new comments' ids.",
    input: addCommentsInput,
    output: z.array(z.number()),
    run: (input, ctx) => addCommentsV1(ctx.scope, input, ctx.tx),
  }),
  v1Twin(getCommentsV2, "/v1/commentannotations/comments/get", {
    summary:
      "Get Comments (v1): times as ISO strings, status and type per comment; with commentIds one entry each, null when missing; userIds filters by author.",
    input: getCommentsV1Input,
    output: z.array(commentV1Output.nullable()),
    message: "Comments(s) retrieved successfully.",
    run: (input, ctx) => getCommentsV1(ctx.scope, input, ctx.db),
  }),
  v1Twin(updateCommentsV2, "/v1/commentannotations/comments/update", {
    summary: "Update Comments (v1): updatedData.from is who makes the change; items carry the comment's number.",
    input: updateCommentsV1Input,
    output: numberedItemResults,
    message: "Comment updated successfully.",
    run: (input, ctx) => updateCommentsV1(ctx.scope, input, ctx.tx),
  }),
  v1Twin(deleteCommentsV2, "/v1/commentannotations/comments/delete", {
    summary:
      "Delete Comments (v1): every comment of the annotation without commentIds; 'Deleted successfully' or 'Not found' per comment number.",
    input: deleteCommentsV1Input,
    output: numberedItemResults,
    message: "Comments(s) deleted successfully.",
    run: (input, ctx) => deleteCommentsV1(ctx.scope, input, ctx.tx),
  }),
  countAnnotationsV2,
  v1Twin(countAnnotationsV2, "/v1/commentannotations/count/get"),
  defineEndpoint({
    path: "/v2/commentannotations/read/update",
    auth: "apiKey",
    summary:
      "weft extension: mark comment annotations of a document read for users (readByUserIds), as the hosted service's client SDK does. Every comment so far counts as read for them; a later comment by someone else makes the annotation unread again.",
    input: markAnnotationsReadInput,
    output: itemResults,
    message: "Comment annotation(s) marked read successfully.",
    writes: true,
    run: (input, ctx) => markCommentAnnotationsRead(ctx.scope, input, ctx.tx),
  }),
];
