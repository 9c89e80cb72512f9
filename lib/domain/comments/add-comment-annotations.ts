import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { assertDistinct, batchOf, byClientId } from "../batch";
import { ensureDocument } from "../documents/documents-store";
import { clientId } from "../fields";
import { userRef } from "../events/user-ref";
import { asJson, jsonObject } from "../json-fields";
import { ensureOrganization, orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { commentData, location, priority, status } from "./comment-input";
import { emitCommentEvent } from "./comment-events";
import type { AddedAnnotation } from "./comments-contract";
import { annotationRowId, loadAnnotation } from "./comment-rows";
import { insertComments } from "./write-comments";

export const addCommentAnnotationsInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  commentAnnotations: batchOf(
    z.object({
      annotationId: clientId.optional(),
      location: location.optional(),
      targetElement: jsonObject.optional(),
      status: status.optional(),
      priority: priority.optional(),
      assignedTo: userRef.optional(),
      context: jsonObject.optional(),
      commentData: z.array(commentData).min(1).max(100),
    }),
  ),
});

/**
 * Add Comment Annotations: each annotation with its comments; the organization and document are created
 * when missing. An annotationId that exists is reported as failed and changes nothing. Emits
 * comment_annotation.add per annotation (its mentions and assignee get notifications, its activity record
 * is written by the consumers).
 */
export async function addCommentAnnotations(
  scope: ApiKeyScope,
  input: z.output<typeof addCommentAnnotationsInput>,
  tx: Tx,
) {
  const org = orgScope(scope, input.organizationId);
  const given = input.commentAnnotations.flatMap((a) => (a.annotationId === undefined ? [] : [a.annotationId]));
  assertDistinct(given, "commentAnnotations", "annotationId");
  input.commentAnnotations.forEach((a, i) => {
    const ids = a.commentData.flatMap((c) => (c.commentId === undefined ? [] : [String(c.commentId)]));
    assertDistinct(ids, `commentAnnotations[${i}].commentData`, "commentId");
  });
  await ensureOrganization(tx, org, true);
  await ensureDocument(tx, org, input.documentId, true);
  const results = byClientId<AddedAnnotation>();
  const existing = new Set(
    (
      await tx.commentAnnotation.findMany({
        where: { ...org, annotationId: { in: given } },
        select: { annotationId: true },
      })
    ).map((a) => a.annotationId),
  );
  for (const a of input.commentAnnotations) {
    const annotationId = a.annotationId ?? newId("ann");
    if (existing.has(annotationId)) {
      results[annotationId] = {
        success: false,
        annotationId,
        commentIds: [],
        message: "Comment annotation already exists.",
      };
      continue;
    }
    const rowId = annotationRowId(org, annotationId);
    const creator = a.commentData[0].from;
    const at = new Date();
    await tx.commentAnnotation.create({
      data: {
        id: rowId,
        ...org,
        documentId: input.documentId,
        annotationId,
        locationId: a.location?.id,
        location: asJson(a.location),
        targetElement: asJson(a.targetElement),
        status: asJson(a.status),
        statusId: a.status?.id,
        priority: asJson(a.priority),
        assignedTo: asJson(a.assignedTo),
        assignedToUserId: a.assignedTo?.userId,
        context: asJson(a.context),
        fromUserId: creator.userId,
        from: asJson(creator)!,
        createdAt: at,
      },
    });
    const commentIds = await insertComments(
      tx,
      org,
      { rowId, documentId: input.documentId, annotationId },
      a.commentData,
      new Set(),
      at,
    );
    const row = (await loadAnnotation(tx, org, input.documentId, annotationId))!;
    await emitCommentEvent(tx, scope, {
      type: "comment_annotation.add",
      annotation: row,
      comment: row.comments[0],
      actor: creator,
    });
    results[annotationId] = { success: true, annotationId, commentIds, message: "Added Successfully" };
  }
  return results;
}
