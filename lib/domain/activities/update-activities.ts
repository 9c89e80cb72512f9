import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, byClientId, type ItemResult, type ItemResults } from "../batch";
import { keyServiceConfig } from "../api-keys/service-config";
import { precondition } from "../errors";
import { clientId } from "../fields";
import { asJson } from "../json-fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { activityLogImmutable } from "./activity-config";
import { activityRecord } from "./add-activities";

// Update Activity Logs: only the display fields and the snapshots change (the reference's list); what a
// record is about (featureType, actionType, actionUser, the target ids) stays. A field left out keeps its
// value.

export const updateActivitiesInput = z.strictObject({
  organizationId: clientId,
  activities: batchOf(
    activityRecord
      .pick({
        changes: true,
        entityData: true,
        entityTargetData: true,
        displayMessageTemplate: true,
        displayMessageTemplateData: true,
        actionIcon: true,
      })
      .extend({ id: clientId }),
  ),
});

const UPDATED = { success: true, message: "Activity updated." } as const;
const FAILED = { success: false, message: "Failed to update activity." } as const;

/** Per record: updated, or failed when the organization has no record with that id. All in one transaction. */
export async function updateActivities(
  scope: ApiKeyScope,
  input: z.output<typeof updateActivitiesInput>,
  tx: Tx,
): Promise<ItemResults> {
  assertDistinct(
    input.activities.map((a) => a.id),
    "activities",
    "id",
  );
  if (activityLogImmutable(await keyServiceConfig(tx, scope))) {
    throw precondition(
      "Activity logs are immutable for this API key. Turn that off with /v2/workspace/activityconfig/update.",
    );
  }
  const org = orgScope(scope, input.organizationId);
  const results = byClientId<ItemResult>();
  for (const { id, ...change } of input.activities) {
    const { count } = await tx.activityLog.updateMany({
      where: { ...org, activityId: id },
      data: {
        ...(change.changes !== undefined && { changes: asJson(change.changes) }),
        ...(change.entityData !== undefined && { entityData: asJson(change.entityData) }),
        ...(change.entityTargetData !== undefined && { entityTargetData: asJson(change.entityTargetData) }),
        ...(change.displayMessageTemplate !== undefined && { displayMessageTemplate: change.displayMessageTemplate }),
        ...(change.displayMessageTemplateData !== undefined && {
          displayMessageTemplateData: asJson(change.displayMessageTemplateData),
        }),
        ...(change.actionIcon !== undefined && { actionIcon: change.actionIcon }),
      },
    });
    results[id] = count ? UPDATED : FAILED;
  }
  return results;
}
