import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, type ItemResults, byClientId, type ItemResult } from "../batch";
import { invalid, notFound } from "../errors";
import { clientId } from "../fields";
import { asJson, jsonObject } from "../json-fields";
import type { UserRef } from "../events/user-ref";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { actionUser, commentId, taggedUserContact } from "./comment-input";
import { emitCommentEvent } from "./comment-events";
import { ANNOTATION_MISSING, COMMENT_MISSING, loadAnnotation } from "./comment-rows";

export const updateCommentsInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  annotationId: clientId,
  commentIds: batchOf(commentId),
  updatedData: z.strictObject({
    commentText: z.string().max(100_000).optional(),
    commentHtml: z.string().max(200_000).optional(),
    taggedUserContacts: z.array(taggedUserContact).max(100).optional(),
    context: jsonObject.optional(),
  }),
  actionUser,
});

/** Update Comments (text, html, mentions, context); emits comment.update per comment. */
export async function updateComments(
  scope: ApiKeyScope,
  input: z.output<typeof updateCommentsInput>,
  tx: Tx,
): Promise<ItemResults> {
  const u = input.updatedData;
  if (Object.values(u).every((v) => v === undefined))
    throw invalid("updatedData must name at least one of commentText, commentHtml, taggedUserContacts, context.");
  assertDistinct(input.commentIds.map(String), "commentIds");
  const org = orgScope(scope, input.organizationId);
  const annotation = await loadAnnotation(tx, org, input.documentId, input.annotationId);
  if (!annotation) throw notFound(ANNOTATION_MISSING);
  const results = byClientId<ItemResult>();
  const updated: number[] = [];
  for (const id of input.commentIds) {
    const comment = annotation.comments.find((c) => c.commentId === id);
    if (!comment) {
      results[String(id)] = { success: false, id: String(id), message: COMMENT_MISSING };
      continue;
    }
    await tx.comment.updateMany({
      where: { annotationRowId: annotation.id, commentId: id, ...org },
      data: {
        ...(u.commentText !== undefined && { commentText: u.commentText }),
        ...(u.commentHtml !== undefined && { commentHtml: u.commentHtml }),
        ...(u.taggedUserContacts !== undefined && {
          taggedUserContacts: asJson(u.taggedUserContacts),
          taggedUserIds: [...new Set(u.taggedUserContacts.map((t) => t.userId))],
        }),
        ...(u.context !== undefined && { context: asJson(u.context) }),
        isEdited: true,
      },
    });
    updated.push(id);
    results[String(id)] = { success: true, id: String(id), message: "Updated successfully" };
  }
  if (updated.length) {
    const after = (await loadAnnotation(tx, org, input.documentId, input.annotationId))!;
    for (const id of updated) {
      const comment = after.comments.find((c) => c.commentId === id)!;
      // Without actionUser the comment's author is taken as the editor.
      await emitCommentEvent(tx, scope, {
        type: "comment.update",
        annotation: after,
        comment,
        actor: input.actionUser ?? (comment.from as UserRef),
      });
    }
  }
  return results;
}
