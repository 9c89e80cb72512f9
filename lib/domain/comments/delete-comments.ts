import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, type ItemResults, byClientId, type ItemResult } from "../batch";
import { notFound } from "../errors";
import { clientId } from "../fields";
import type { UserRef } from "../events/user-ref";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { actionUser, commentId } from "./comment-input";
import { emitCommentEvent } from "./comment-events";
import { ANNOTATION_MISSING, COMMENT_MISSING, loadAnnotation } from "./comment-rows";

export const deleteCommentsInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  annotationId: clientId,
  commentIds: batchOf(commentId),
  actionUser,
});

/**
 * Delete Comments with their reactions; emits comment.delete per comment. An annotation left without
 * comments is deleted too.
 */
export async function deleteComments(
  scope: ApiKeyScope,
  input: z.output<typeof deleteCommentsInput>,
  tx: Tx,
): Promise<ItemResults> {
  assertDistinct(input.commentIds.map(String), "commentIds");
  const org = orgScope(scope, input.organizationId);
  const annotation = await loadAnnotation(tx, org, input.documentId, input.annotationId);
  if (!annotation) throw notFound(ANNOTATION_MISSING);
  const results = byClientId<ItemResult>();
  const gone = annotation.comments.filter((c) => input.commentIds.includes(c.commentId));
  await tx.comment.deleteMany({
    where: { annotationRowId: annotation.id, ...org, commentId: { in: gone.map((c) => c.commentId) } },
  });
  const remaining = annotation.comments.filter((c) => !input.commentIds.includes(c.commentId));
  if (remaining.length === 0) await tx.commentAnnotation.deleteMany({ where: { id: annotation.id, ...org } });
  else await tx.commentAnnotation.updateMany({ where: { id: annotation.id, ...org }, data: { updatedAt: new Date() } });
  const after = { ...annotation, comments: remaining };
  // Without actionUser the comment's author is taken as the one deleting it.
  for (const comment of gone) {
    await emitCommentEvent(tx, scope, {
      type: "comment.delete",
      annotation: after,
      comment,
      actor: input.actionUser ?? (comment.from as UserRef),
    });
  }
  for (const id of input.commentIds) {
    results[String(id)] = gone.some((c) => c.commentId === id)
      ? { success: true, id: String(id), message: "Deleted Successfully" }
      : { success: false, id: String(id), message: COMMENT_MISSING };
  }
  return results;
}
