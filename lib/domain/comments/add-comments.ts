import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, type ItemResults, byClientId, type ItemResult } from "../batch";
import { notFound } from "../errors";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { commentData } from "./comment-input";
import { emitCommentEvent } from "./comment-events";
import { ANNOTATION_MISSING, loadAnnotation } from "./comment-rows";
import { insertComments } from "./write-comments";

export const addCommentsInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  annotationId: clientId,
  commentData: batchOf(commentData),
});

/**
 * Add Comments to an existing annotation; the reply is keyed by commentId. A commentId already in the
 * annotation is reported as failed. Emits comment.add per comment (mentions get notifications).
 */
export async function addComments(
  scope: ApiKeyScope,
  input: z.output<typeof addCommentsInput>,
  tx: Tx,
): Promise<ItemResults> {
  assertDistinct(
    input.commentData.flatMap((c) => (c.commentId === undefined ? [] : [String(c.commentId)])),
    "commentData",
    "commentId",
  );
  const org = orgScope(scope, input.organizationId);
  const annotation = await loadAnnotation(tx, org, input.documentId, input.annotationId);
  if (!annotation) throw notFound(ANNOTATION_MISSING);
  const taken = new Set(annotation.comments.map((c) => c.commentId));
  const results = byClientId<ItemResult>();
  const fresh = input.commentData.filter((c) => {
    if (c.commentId === undefined || !taken.has(c.commentId)) return true;
    results[String(c.commentId)] = { success: false, id: String(c.commentId), message: "Comment already exists." };
    return false;
  });
  for (const c of fresh) if (c.commentId !== undefined) taken.add(c.commentId);
  const ids = await insertComments(
    tx,
    org,
    { rowId: annotation.id, documentId: input.documentId, annotationId: input.annotationId },
    fresh,
    taken,
    new Date(),
  );
  await tx.commentAnnotation.updateMany({ where: { id: annotation.id, ...org }, data: { updatedAt: new Date() } });
  const after = (await loadAnnotation(tx, org, input.documentId, input.annotationId))!;
  for (const [i, commentId] of ids.entries()) {
    const comment = after.comments.find((c) => c.commentId === commentId)!;
    await emitCommentEvent(tx, scope, { type: "comment.add", annotation: after, comment, actor: fresh[i].from });
    results[String(commentId)] = { success: true, id: String(commentId), message: "Added Successfully" };
  }
  return results;
}
