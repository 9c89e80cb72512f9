import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { batchOf, byClientId, type ItemResult, type ItemResults } from "../batch";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { ANNOTATION_MISSING } from "./comment-rows";
import { markAnnotationsRead } from "./comments-store";

// A weft extension (the hosted service marks comments read only through its client SDK): mark comment
// annotations read for users over REST. Every comment written so far then counts as read for them; a later
// comment by someone else makes the annotation unread again (Get Comment Annotations Count).

export const markAnnotationsReadInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  annotationIds: batchOf(clientId),
  readByUserIds: z.array(clientId).min(1).max(100),
});

export async function markCommentAnnotationsRead(
  scope: ApiKeyScope,
  input: z.output<typeof markAnnotationsReadInput>,
  tx: Tx,
): Promise<ItemResults> {
  const org = orgScope(scope, input.organizationId);
  const annotationIds = [...new Set(input.annotationIds)];
  const found = await tx.commentAnnotation.findMany({
    where: { ...org, documentId: input.documentId, annotationId: { in: annotationIds } },
    select: { id: true, annotationId: true },
  });
  await markAnnotationsRead(
    tx,
    org,
    input.documentId,
    found.map((a) => a.id),
    [...new Set(input.readByUserIds)],
  );
  const marked = new Set(found.map((a) => a.annotationId));
  const results = byClientId<ItemResult>();
  for (const id of annotationIds) {
    results[id] = marked.has(id)
      ? { success: true, message: "Marked read." }
      : { success: false, message: ANNOTATION_MISSING };
  }
  return results;
}
