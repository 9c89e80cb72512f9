import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, type ItemResults } from "../batch";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { actionUser } from "./comment-input";
import { emitCommentEvent } from "./comment-events";
import { forEachAnnotation } from "./comment-rows";

export const deleteCommentAnnotationsInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  annotationIds: batchOf(clientId),
  actionUser,
});

/** Delete Comment Annotations with their comments and reactions; emits comment.delete per annotation. */
export async function deleteCommentAnnotations(
  scope: ApiKeyScope,
  input: z.output<typeof deleteCommentAnnotationsInput>,
  tx: Tx,
): Promise<ItemResults> {
  assertDistinct(input.annotationIds, "annotationIds");
  const org = orgScope(scope, input.organizationId);
  return forEachAnnotation(tx, org, input.documentId, input.annotationIds, async (before) => {
    await tx.commentAnnotation.deleteMany({ where: { id: before.id, ...org } });
    await emitCommentEvent(tx, scope, { type: "comment.delete", annotation: before, actor: input.actionUser ?? null });
    return "Deleted Successfully";
  });
}
