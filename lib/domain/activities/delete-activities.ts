import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { MAX_BATCH, type ItemResults, byClientId, type ItemResult } from "../batch";
import { keyServiceConfig } from "../api-keys/service-config";
import { invalid, precondition } from "../errors";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { activityLogImmutable } from "./activity-config";

export const deleteActivitiesInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId.optional(),
  activityIds: z.array(clientId).min(1).max(MAX_BATCH).optional(),
  targetEntityId: clientId.optional(),
});

/**
 * Delete Activity Logs: the records the filters match (they combine), up to 1,000 per call. Named
 * activityIds that match nothing are reported as failed.
 */
export async function deleteActivities(
  scope: ApiKeyScope,
  input: z.output<typeof deleteActivitiesInput>,
  tx: Tx,
): Promise<ItemResults> {
  if (input.documentId === undefined && input.targetEntityId === undefined && !input.activityIds) {
    throw invalid("At least one of documentId, targetEntityId or activityIds is required.");
  }
  if (activityLogImmutable(await keyServiceConfig(tx, scope))) {
    throw precondition(
      "Activity logs are immutable for this API key. Turn that off with /v2/workspace/activityconfig/update.",
    );
  }
  const where = {
    ...orgScope(scope, input.organizationId),
    ...(input.documentId !== undefined && { documentId: input.documentId }),
    ...(input.targetEntityId !== undefined && { targetEntityId: input.targetEntityId }),
    ...(input.activityIds && { activityId: { in: input.activityIds } }),
  };
  const matched = await tx.activityLog.findMany({
    where,
    select: { id: true, activityId: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: MAX_BATCH,
  });
  await tx.activityLog.deleteMany({ where: { ...where, id: { in: matched.map((m) => m.id) } } });
  const results = byClientId<ItemResult>();
  for (const id of input.activityIds ?? []) results[id] = { success: false, message: "Failed to delete activity." };
  for (const m of matched) results[m.activityId] = { success: true, message: "Activity deleted." };
  return results;
}
