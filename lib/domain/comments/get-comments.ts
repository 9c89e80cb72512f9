import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { notFound } from "../errors";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { commentId } from "./comment-input";
import { ANNOTATION_MISSING, commentView, loadAnnotation } from "./comment-rows";

export const getCommentsInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  annotationId: clientId,
  commentIds: z.array(commentId).min(1).max(1000).optional(),
});

/** Get Comments of one annotation (all, or those named), oldest first, with their reactions. */
export async function getComments(scope: ApiKeyScope, input: z.output<typeof getCommentsInput>, tx: Reader) {
  const annotation = await loadAnnotation(
    tx,
    orgScope(scope, input.organizationId),
    input.documentId,
    input.annotationId,
  );
  if (!annotation) throw notFound(ANNOTATION_MISSING);
  const wanted = input.commentIds && new Set(input.commentIds);
  return annotation.comments.filter((c) => !wanted || wanted.has(c.commentId)).map(commentView);
}
