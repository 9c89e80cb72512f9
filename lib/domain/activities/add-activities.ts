import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { assertDistinct, batchOf } from "../batch";
import { invalid } from "../errors";
import { clientId } from "../fields";
import { userRef } from "../events/user-ref";
import { jsonObject } from "../json-fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { requireActivityLogs } from "./activity-logs-setting";
import { FEATURE_TYPES, writeActivity } from "./write-activity";

export const ACTIVITIES_ADDED = "Activity(s) added successfully.";

const change = z.object({ from: z.unknown(), to: z.unknown() });

export const activityRecord = z.strictObject({
  id: clientId.optional(),
  featureType: z.enum(FEATURE_TYPES),
  actionType: z.string().min(1).max(200),
  actionUser: userRef,
  targetEntityId: clientId.optional(),
  targetSubEntityId: clientId.optional(),
  changes: z.record(z.string().max(200), change).optional(),
  entityData: z.unknown().optional(),
  entityTargetData: z.unknown().optional(),
  displayMessageTemplate: z.string().max(10_000).optional(),
  displayMessageTemplateData: jsonObject.optional(),
  actionIcon: z.string().max(2000).optional(),
  isActivityResolverUsed: z.boolean().optional(),
});

export const addActivitiesInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  activities: batchOf(activityRecord),
});

/**
 * Add Activity Logs. Needs the activity service on for the key. An `id` that exists is overwritten; without
 * one the service makes an id. `targetEntityId` is required for `custom` records. All or nothing.
 */
export async function addActivities(scope: ApiKeyScope, input: z.output<typeof addActivitiesInput>, tx: Tx) {
  await requireActivityLogs(tx, scope.apiKeyId);
  const given = input.activities.flatMap((a) => (a.id === undefined ? [] : [a.id]));
  assertDistinct(given, "activities", "id");
  input.activities.forEach((a, i) => {
    if (a.featureType === "custom" && a.targetEntityId === undefined) {
      throw invalid(`activities[${i}].targetEntityId is required when featureType is custom.`);
    }
  });
  const org = orgScope(scope, input.organizationId);
  const now = new Date();
  for (const a of input.activities) {
    const { id, ...rest } = a;
    await writeActivity(tx, org, {
      ...rest,
      documentId: input.documentId,
      activityId: id ?? newId("act"),
      timestamp: now,
    });
  }
  return { success: true as const, message: ACTIVITIES_ADDED };
}
