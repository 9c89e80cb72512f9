import { z } from "zod";
import type { Reader, Tx } from "@/lib/infra/db";
import { notFound } from "../errors";
import { clientId } from "../fields";
import { userRef } from "../events/user-ref";
import { asJson } from "../json-fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { commentId } from "./comment-input";
import { emitCommentEvent } from "./comment-events";
import { ANNOTATION_MISSING, COMMENT_MISSING, loadAnnotation, reactionRowId } from "./comment-rows";

export const reactionInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  annotationId: clientId,
  commentId,
  icon: z.string().min(1).max(100).describe("The reaction: an emoji or an icon id."),
  from: userRef.describe("The reacting user."),
});
type ReactionInput = z.output<typeof reactionInput>;

async function findComment(tx: Reader, scope: ApiKeyScope, input: ReactionInput) {
  const org = orgScope(scope, input.organizationId);
  const annotation = await loadAnnotation(tx, org, input.documentId, input.annotationId);
  if (!annotation) throw notFound(ANNOTATION_MISSING);
  const comment = annotation.comments.find((c) => c.commentId === input.commentId);
  if (!comment) throw notFound(COMMENT_MISSING);
  return { org, comment, rowId: reactionRowId(comment.id, input.icon, input.from.userId) };
}

/** Add Reaction: one per user and icon; adding it again changes nothing and emits nothing. */
export async function addReaction(scope: ApiKeyScope, input: ReactionInput, tx: Tx) {
  const { org, comment, rowId } = await findComment(tx, scope, input);
  const createdAt = new Date();
  const { count } = await tx.commentReaction.createMany({
    data: [
      {
        id: rowId,
        commentRowId: comment.id,
        ...org,
        documentId: input.documentId,
        annotationId: input.annotationId,
        commentId: input.commentId,
        icon: input.icon,
        userId: input.from.userId,
        user: asJson(input.from)!,
        createdAt,
      },
    ],
    skipDuplicates: true,
  });
  if (count) {
    const after = (await loadAnnotation(tx, org, input.documentId, input.annotationId))!;
    const c = after.comments.find((x) => x.commentId === input.commentId)!;
    await emitCommentEvent(tx, scope, {
      type: "reaction.add",
      annotation: after,
      comment: c,
      reaction: { icon: input.icon, user: input.from, createdAt },
      actor: input.from,
    });
  }
  return { success: true as const, message: count ? "Reaction added." : "Reaction already exists." };
}

/** Delete Reaction: the user's reaction with that icon. */
export async function deleteReaction(scope: ApiKeyScope, input: ReactionInput, tx: Tx) {
  const { org, comment, rowId } = await findComment(tx, scope, input);
  const existing = comment.reactions.find((r) => r.id === rowId);
  if (!existing) throw notFound("Reaction does not exist.");
  await tx.commentReaction.deleteMany({ where: { id: rowId, ...org } });
  const after = (await loadAnnotation(tx, org, input.documentId, input.annotationId))!;
  const c = after.comments.find((x) => x.commentId === input.commentId)!;
  await emitCommentEvent(tx, scope, {
    type: "reaction.delete",
    annotation: after,
    comment: c,
    reaction: { icon: input.icon, user: input.from, createdAt: existing.createdAt },
    actor: input.from,
  });
  return { success: true as const, message: "Reaction deleted." };
}
