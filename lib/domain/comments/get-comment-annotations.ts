import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Reader } from "@/lib/infra/db";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import { pageArgs, pageSizeField, pageTokenField, takePage } from "../paging";
import type { ApiKeyScope } from "../scope";
import { annotationInclude, annotationView } from "./comment-rows";

export const getCommentAnnotationsInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId.optional(),
  documentIds: z.array(clientId).min(1).max(30).optional(),
  annotationIds: z.array(clientId).min(1).max(30).optional(),
  locationIds: z.array(clientId).min(1).max(30).optional(),
  userIds: z.array(clientId).min(1).max(30).optional().describe("Annotations created by these users."),
  statusIds: z.array(z.string().min(1).max(100)).min(1).max(30).optional(),
  pageSize: pageSizeField(1000),
  pageToken: pageTokenField.optional(),
});

/** Get Comment Annotations: filters combine; oldest first, with their comments and reactions; paged. */
export async function getCommentAnnotations(
  scope: ApiKeyScope,
  input: z.output<typeof getCommentAnnotationsInput>,
  tx: Reader,
) {
  const documentIds = [...(input.documentId !== undefined ? [input.documentId] : []), ...(input.documentIds ?? [])];
  const where: Prisma.CommentAnnotationWhereInput = {
    ...orgScope(scope, input.organizationId),
    ...(documentIds.length && { documentId: { in: documentIds } }),
    ...(input.annotationIds && { annotationId: { in: input.annotationIds } }),
    ...(input.locationIds && { locationId: { in: input.locationIds } }),
    ...(input.userIds && { fromUserId: { in: input.userIds } }),
    ...(input.statusIds && { statusId: { in: input.statusIds } }),
  };
  const rows = await tx.commentAnnotation.findMany({ ...pageArgs(input, where), include: annotationInclude });
  const { page, nextPageToken } = takePage(rows, input.pageSize);
  return { annotations: page.map(annotationView), nextPageToken };
}
