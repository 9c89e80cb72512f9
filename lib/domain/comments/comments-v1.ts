import { z } from "zod";
import type { Reader, Tx } from "@/lib/infra/db";
import { byClientId, type ItemResult, type ItemResults } from "../batch";
import { invalid, notFound } from "../errors";
import { clientId } from "../fields";
import { userRef, type UserRef } from "../events/user-ref";
import { orgScope, type OrgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { addComments, addCommentsInput } from "./add-comments";
import { commentId, status } from "./comment-input";
import { ANNOTATION_MISSING, COMMENT_MISSING, loadAnnotation } from "./comment-rows";
import type { AnnotationView, CommentView } from "./comments-contract";
import { deleteCommentAnnotations } from "./delete-comment-annotations";
import { deleteComments } from "./delete-comments";
import { getCommentAnnotations } from "./get-comment-annotations";
import { getComments } from "./get-comments";
import { updateCommentAnnotations, updateCommentAnnotationsInput } from "./update-comment-annotations";
import { updateComments, updateCommentsInput } from "./update-comments";
import { swapAnnotationUsers } from "./swap-annotation-users";

// The v1 contract of the comment operations: each is its v2 verb with the differences the reference names
// (velt-reference.json, the v1 comment entries' rules). Annotations are picked by filters (every annotation
// of the document without any), times are ISO strings, a requested id that does not exist is a null entry
// or its own item message, and comment ids in replies are numbers.

/** A v1 comment: lastUpdated as an ISO string, `status` "added" or "updated", `type` "text". */
export function commentV1(c: CommentView) {
  return {
    ...c,
    createdAt: new Date(c.createdAt).toISOString(),
    lastUpdated: new Date(c.lastUpdated).toISOString(),
    status: c.isEdited ? "updated" : "added",
    type: "text",
  };
}

export function annotationV1(a: AnnotationView) {
  return {
    ...a,
    comments: a.comments.map(commentV1),
    createdAt: new Date(a.createdAt).toISOString(),
    lastUpdated: new Date(a.lastUpdated).toISOString(),
  };
}

const filters = {
  organizationId: clientId.describe("weft keeps every document in an organization: required."),
  documentId: clientId,
  locationIds: z.array(clientId).min(1).max(30).optional(),
  userIds: z.array(clientId).min(1).max(30).optional().describe("Annotations created by these users."),
  annotationIds: z.array(clientId).min(1).max(1000).optional(),
};

type Filters = { organizationId: string; documentId: string } & Partial<
  Record<"locationIds" | "userIds" | "annotationIds", string[]>
>;

/** The annotation ids of the document the filters pick (all without any), oldest first, at most 1,000. */
async function pickAnnotations(db: Reader, org: OrgScope, f: Filters): Promise<string[]> {
  const rows = await db.commentAnnotation.findMany({
    where: {
      ...org,
      documentId: f.documentId,
      ...(f.locationIds && { locationId: { in: f.locationIds } }),
      ...(f.userIds && { fromUserId: { in: f.userIds } }),
      ...(f.annotationIds && { annotationId: { in: f.annotationIds } }),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { annotationId: true },
    take: 1000,
  });
  return rows.map((r) => r.annotationId);
}

// Get Comment Annotations (v1): the document's annotations (no paging), null for a requested id that is missing.

export const getAnnotationsV1Input = z.strictObject(filters);

export async function getAnnotationsV1(scope: ApiKeyScope, input: z.output<typeof getAnnotationsV1Input>, db: Reader) {
  const { annotations } = await getCommentAnnotations(scope, { ...input, pageSize: 1000 }, db);
  const views = annotations.map(annotationV1);
  if (!input.annotationIds) return views;
  const byId = new Map(views.map((a) => [a.annotationId, a]));
  return [...new Set(input.annotationIds)].map((id) => byId.get(id) ?? null);
}

// Update Comment Annotations (v1): by filters; a status may name only its type (the default status of that
// type); updateUsers puts a new user in an old one's place throughout the annotations.

const DEFAULT_STATUSES = {
  default: { id: "OPEN", name: "Open", type: "default" },
  ongoing: { id: "IN_PROGRESS", name: "In Progress", type: "ongoing" },
  terminal: { id: "RESOLVED", name: "Resolved", type: "terminal" },
} as const;

const v2Update = updateCommentAnnotationsInput.shape.updatedData;

export const updateAnnotationsV1Input = z.strictObject({
  ...filters,
  updatedData: v2Update
    .extend({
      status: status
        .extend({ id: status.shape.id.optional() })
        .refine((s) => s.id !== undefined || s.type !== undefined, { error: "status needs an id or a type." })
        .optional(),
      from: userRef.optional().describe("Who makes the change (the events' actor)."),
    })
    .optional(),
  updateUsers: z
    .array(z.strictObject({ oldUser: userRef, newUser: userRef }))
    .min(1)
    .max(100)
    .optional(),
});

const ANNOTATIONS_UPDATED = "Annotations updated successfully";

export async function updateAnnotationsV1(
  scope: ApiKeyScope,
  input: z.output<typeof updateAnnotationsV1Input>,
  tx: Tx,
): Promise<ItemResults> {
  if (!input.updatedData && !input.updateUsers) throw invalid("Provide updatedData or updateUsers.");
  const org = orgScope(scope, input.organizationId);
  const picked = await pickAnnotations(tx, org, input);
  const results = byClientId<ItemResult>();
  for (const id of input.annotationIds ?? []) results[id] = { success: false, id, message: ANNOTATION_MISSING };
  if (!picked.length) return results;
  if (input.updatedData) {
    const { from, status: given, ...rest } = input.updatedData;
    const status = given && (given.id !== undefined ? { ...given, id: given.id } : DEFAULT_STATUSES[given.type!]);
    await updateCommentAnnotations(
      scope,
      {
        organizationId: input.organizationId,
        documentId: input.documentId,
        annotationIds: picked,
        updatedData: { ...rest, ...(status && { status }) },
        actionUser: from,
      },
      tx,
    );
  }
  for (const swap of input.updateUsers ?? []) await swapAnnotationUsers(tx, org, input.documentId, picked, swap);
  for (const id of picked) results[id] = { success: true, id, message: ANNOTATIONS_UPDATED };
  return results;
}

// Delete Comment Annotations (v1): by filters; a requested id that is missing is "Annotation not found.".

export const deleteAnnotationsV1Input = z.strictObject(filters);

export async function deleteAnnotationsV1(
  scope: ApiKeyScope,
  input: z.output<typeof deleteAnnotationsV1Input>,
  tx: Tx,
): Promise<ItemResults> {
  const picked = await pickAnnotations(tx, orgScope(scope, input.organizationId), input);
  const results = byClientId<ItemResult>();
  for (const id of input.annotationIds ?? []) results[id] = { success: false, id, message: "Annotation not found." };
  if (!picked.length) return results;
  const deleted = await deleteCommentAnnotations(
    scope,
    { organizationId: input.organizationId, documentId: input.documentId, annotationIds: picked },
    tx,
  );
  for (const id of picked) results[id] = deleted[id];
  return results;
}

// Comments (v1): replies name comments by number.

type NumberedResult = { success: boolean; id: number; message: string };

function numbered(results: ItemResults, messages: Record<string, string>) {
  const out = byClientId<NumberedResult>();
  for (const [key, r] of Object.entries(results))
    out[key] = { success: r.success, id: Number(key), message: messages[r.message] ?? r.message };
  return out;
}

/** Add Comments (v1): the new comments' ids. */
export async function addCommentsV1(scope: ApiKeyScope, input: z.output<typeof addCommentsInput>, tx: Tx) {
  const results = await addComments(scope, input, tx);
  return Object.entries(results)
    .filter(([, r]) => r.success)
    .map(([id]) => Number(id));
}

export const getCommentsV1Input = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  annotationId: clientId,
  userIds: z.array(clientId).min(1).max(30).optional().describe("Comments written by these users."),
  commentIds: z.array(commentId).min(1).max(1000).optional(),
});

/** Get Comments (v1): v1 comments; with commentIds one entry each, null when missing. */
export async function getCommentsV1(scope: ApiKeyScope, input: z.output<typeof getCommentsV1Input>, db: Reader) {
  const { userIds, ...rest } = input;
  const comments = (await getComments(scope, rest, db))
    .filter((c) => !userIds || userIds.includes((c.from as UserRef).userId))
    .map(commentV1);
  if (!input.commentIds) return comments;
  const byId = new Map(comments.map((c) => [c.commentId, c]));
  return [...new Set(input.commentIds)].map((id) => byId.get(id) ?? null);
}

export const updateCommentsV1Input = updateCommentsInput.omit({ actionUser: true }).extend({
  updatedData: updateCommentsInput.shape.updatedData.extend({
    from: userRef.optional().describe("Who makes the change (the events' actor)."),
  }),
});

/** Update Comments (v1): items keyed and identified by the comment's number. */
export async function updateCommentsV1(scope: ApiKeyScope, input: z.output<typeof updateCommentsV1Input>, tx: Tx) {
  const { from, ...updatedData } = input.updatedData;
  const results = await updateComments(scope, { ...input, updatedData, actionUser: from }, tx);
  return numbered(results, {});
}

export const deleteCommentsV1Input = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  annotationId: clientId,
  commentIds: z.array(commentId).min(1).max(1000).optional().describe("Every comment of the annotation without it."),
});

/** Delete Comments (v1): every comment without commentIds; "Deleted successfully" or "Not found" per number. */
export async function deleteCommentsV1(scope: ApiKeyScope, input: z.output<typeof deleteCommentsV1Input>, tx: Tx) {
  let commentIds = input.commentIds;
  if (!commentIds) {
    const annotation = await loadAnnotation(
      tx,
      orgScope(scope, input.organizationId),
      input.documentId,
      input.annotationId,
    );
    if (!annotation) throw notFound(ANNOTATION_MISSING);
    commentIds = annotation.comments.map((c) => c.commentId);
  }
  const results = await deleteComments(scope, { ...input, commentIds: [...new Set(commentIds)] }, tx);
  return numbered(results, { "Deleted Successfully": "Deleted successfully", [COMMENT_MISSING]: "Not found" });
}
