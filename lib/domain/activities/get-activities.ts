import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Reader } from "@/lib/infra/db";
import { clientId } from "../fields";
import { orderedPageArgs, orderedPagingInput } from "../ordered-paging";
import { orgScope } from "../organizations/organization-scope";
import { takePage } from "../paging";
import type { ApiKeyScope } from "../scope";
import { activitySelect, activityView } from "./activity-view";
import { FEATURE_TYPES } from "./write-activity";

export const getActivitiesInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId.optional(),
  targetEntityId: clientId.optional(),
  featureTypes: z.array(z.enum(FEATURE_TYPES)).min(1).max(FEATURE_TYPES.length).optional(),
  actionTypes: z.array(z.string().min(1).max(200)).min(1).max(30).optional(),
  userId: clientId.optional(),
  activityIds: z.array(clientId).min(1).max(1000).optional(),
  ...orderedPagingInput,
});

/** Get Activity Logs: filters combine (userId = the acting user); paged, sorted by timestamp (`order`). */
export async function getActivities(scope: ApiKeyScope, input: z.output<typeof getActivitiesInput>, tx: Reader) {
  const where: Prisma.ActivityLogWhereInput = {
    ...orgScope(scope, input.organizationId),
    ...(input.documentId !== undefined && { documentId: input.documentId }),
    ...(input.targetEntityId !== undefined && { targetEntityId: input.targetEntityId }),
    ...(input.featureTypes && { featureType: { in: input.featureTypes } }),
    ...(input.actionTypes && { actionType: { in: input.actionTypes } }),
    ...(input.userId !== undefined && { actionUserId: input.userId }),
    ...(input.activityIds && { activityId: { in: input.activityIds } }),
  };
  const rows = await tx.activityLog.findMany({ ...orderedPageArgs(input, where), select: activitySelect });
  const { page, nextPageToken } = takePage(rows, input.pageSize);
  return { activities: page.map(activityView), pageToken: nextPageToken };
}
