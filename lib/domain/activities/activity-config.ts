import { z } from "zod";
import type { Reader, Tx } from "@/lib/infra/db";
import { keyServiceConfig, lockServiceConfig, writeServiceConfig } from "../api-keys/service-config";
import type { ServiceConfig } from "../api-keys/service-config";
import { notFound } from "../errors";
import { triggerKey } from "../events/describe-event";
import { weftEventTypes } from "../events/event";
import type { ApiKeyScope } from "../scope";

// Get and Update Activity Config. The on/off switch is the key's ApiKey.activityLogs column (what the activity
// consumer and Add Activity Logs check, and what `npx weft apikey:update --activity-logs` sets); the rest
// (enabledTime, immutable, triggers) is the activitySection of ApiKey.serviceConfig. A comment trigger set to
// false stops that event type from being logged; `immutable` makes Delete Activity Logs refuse.

const NOTHING_TO_UPDATE = "At least one field must be provided for update";

const triggerMap = z.record(z.string().min(1).max(100), z.boolean());

export const getActivityConfigInput = z.strictObject({});

export const updateActivityConfigInput = z.strictObject({
  activityServiceConfig: z
    .strictObject({
      isEnabled: z.boolean().optional(),
      enabledTime: z.number().int().nonnegative().optional(),
      immutable: z.boolean().optional(),
      triggers: z.strictObject({ comment: triggerMap.optional() }).optional(),
    })
    .refine((v) => Object.values(v).some((x) => x !== undefined), { error: NOTHING_TO_UPDATE }),
});

/** Seeded on the first enable: every comment event (suggestions included) is logged. */
export function defaultActivityTriggers(): Record<string, boolean> {
  const types = [
    ...weftEventTypes.map(triggerKey),
    "comment_annotation.suggestion_accept",
    "comment_annotation.suggestion_reject",
  ];
  return Object.fromEntries(types.map((t) => [t, true]));
}

type StoredActivity = NonNullable<ServiceConfig["activityServiceConfig"]>;

/**
 * The config as it applies: `immutable` false and every comment trigger on unless stored otherwise (what
 * activityTriggerOn and activityLogImmutable read), as the reference's Get Activity Config example shows.
 */
function activityView(isEnabled: boolean, stored: StoredActivity | undefined) {
  const comment = { ...defaultActivityTriggers(), ...stored?.triggers?.comment };
  return {
    activityServiceConfig: { isEnabled, ...stored, immutable: stored?.immutable ?? false, triggers: { comment } },
  };
}

async function activitySwitch(db: Reader, scope: ApiKeyScope): Promise<boolean> {
  const key = await db.apiKey.findFirst({
    where: { id: scope.apiKeyId, workspaceId: scope.workspaceId },
    select: { activityLogs: true },
  });
  if (!key) throw notFound("API key not found.");
  return key.activityLogs;
}

export async function getActivityConfig(scope: ApiKeyScope, _input: unknown, db: Reader) {
  const config = await keyServiceConfig(db, scope);
  return activityView(await activitySwitch(db, scope), config.activityServiceConfig);
}

/** Deep merge over what is stored; the first enable seeds triggers, immutable true and enabledTime now. */
export async function updateActivityConfig(
  scope: ApiKeyScope,
  input: z.output<typeof updateActivityConfigInput>,
  tx: Tx,
) {
  const config = await lockServiceConfig(tx, scope);
  const { isEnabled, triggers, ...fields } = input.activityServiceConfig;
  let next: StoredActivity = { ...config.activityServiceConfig };
  if (isEnabled === true && !next.triggers) {
    next = { immutable: true, enabledTime: Date.now(), ...next, triggers: { comment: defaultActivityTriggers() } };
  }
  next = { ...next, ...fields };
  if (triggers?.comment)
    next.triggers = { ...next.triggers, comment: { ...next.triggers?.comment, ...triggers.comment } };
  await writeServiceConfig(tx, scope, { ...config, activityServiceConfig: next });
  if (isEnabled !== undefined) {
    await tx.apiKey.updateMany({
      where: { id: scope.apiKeyId, workspaceId: scope.workspaceId },
      data: { activityLogs: isEnabled },
    });
  }
  return activityView(isEnabled ?? (await activitySwitch(tx, scope)), next);
}

/** Whether the key logs this event type: no comment trigger stored for it, or the trigger is on. */
export function activityTriggerOn(config: ServiceConfig, type: string): boolean {
  return config.activityServiceConfig?.triggers?.comment?.[triggerKey(type)] !== false;
}

/** An immutable log refuses deletes. */
export function activityLogImmutable(config: ServiceConfig): boolean {
  return config.activityServiceConfig?.immutable === true;
}
