import { z } from "zod";
import { FEATURE_TYPES } from "./write-activity";

// An activity record as Get Activity Logs answers it, and Add Activity Logs' reply.

export const activityOutput = z
  .object({
    id: z.string(),
    featureType: z.string().describe(`One of ${FEATURE_TYPES.join(", ")}.`),
    actionType: z.string(),
    actionUser: z.object({ userId: z.string() }).loose(),
    targetEntityId: z.string().optional(),
    targetSubEntityId: z.string().optional(),
    changes: z.record(z.string(), z.unknown()).optional(),
    entityData: z.unknown().optional(),
    entityTargetData: z.unknown().optional(),
    displayMessageTemplate: z.string().optional(),
    displayMessageTemplateData: z.record(z.string(), z.unknown()).optional(),
    actionIcon: z.string().optional(),
    isActivityResolverUsed: z.boolean().optional(),
    metadata: z.object({ apiKey: z.string(), documentId: z.string(), organizationId: z.string() }),
    timestamp: z.number().describe("Epoch milliseconds."),
  })
  .meta({ id: "Activity" });

export type ActivityView = z.input<typeof activityOutput>;

export const activitiesAddedOutput = z.object({ success: z.literal(true), message: z.string() });

const triggerGroups = z.record(z.string(), z.record(z.string(), z.boolean()));

/** Get and Update Activity Config. */
export const activityConfigOutput = z
  .object({
    activityServiceConfig: z.object({
      isEnabled: z.boolean(),
      enabledTime: z.number().optional().describe("Epoch milliseconds of the first enable."),
      immutable: z.boolean().optional(),
      triggers: triggerGroups.optional().describe("comment: event type -> on/off."),
    }),
  })
  .meta({ id: "ActivityConfig" });
