import { z } from "zod";
import type { Reader, Tx } from "@/lib/infra/db";
import { keyServiceConfig, lockServiceConfig, writeServiceConfig } from "../api-keys/service-config";
import type { ServiceConfig } from "../api-keys/service-config";
import { precondition } from "../errors";
import { triggerKey } from "../events/describe-event";
import type { ApiKeyScope } from "../scope";

// Get and Update Notification Config (ApiKey.serviceConfig: `useNotificationService` and its
// notificationSection). In-app notifications are on unless the key turned them off: then comment events
// notify nobody and Add Notifications refuses. A comment trigger set to false stops that event type from
// notifying. delayConfig and batchConfig are validated and stored, not applied yet: weft notifies at once.

const triggerMap = z.record(z.string().min(1).max(100), z.boolean());
const seconds = (min: number, max: number) => z.number().int().min(min).max(max);
const batch = z
  .strictObject({
    isEnabled: z.boolean().optional(),
    batchWindowSeconds: seconds(10, 604_800).optional(),
    maxActivities: seconds(2, 50).optional(),
  })
  .meta({ id: "NotificationBatchConfigInput" });

export const getNotificationConfigInput = z.strictObject({});

export const updateNotificationConfigInput = z
  .strictObject({
    useNotificationService: z.boolean().optional(),
    notificationServiceConfig: z
      .strictObject({
        triggers: z.strictObject({ comment: triggerMap.optional(), huddle: triggerMap.optional() }).optional(),
        delayConfig: z
          .strictObject({ isEnabled: z.boolean().optional(), delaySeconds: seconds(10, 15_552_000).optional() })
          .optional(),
        batchConfig: z.strictObject({ document: batch.optional(), user: batch.optional() }).optional(),
      })
      .optional(),
  })
  .refine((v) => v.useNotificationService !== undefined || v.notificationServiceConfig !== undefined, {
    error: "At least one of useNotificationService or notificationServiceConfig must be provided",
  });

const DEFAULT_BATCH = { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 };

/** Whether the key's in-app notification service is on (the default). */
export function notificationsOn(config: ServiceConfig): boolean {
  return config.useNotificationService !== false;
}

/** Whether an event type notifies: the service is on and the type's comment trigger is not off. */
export function notificationTriggerOn(config: ServiceConfig, type: string): boolean {
  return notificationsOn(config) && config.notificationServiceConfig?.triggers?.comment?.[triggerKey(type)] !== false;
}

export async function requireNotifications(db: Reader, scope: ApiKeyScope) {
  if (!notificationsOn(await keyServiceConfig(db, scope))) {
    throw precondition(
      "In-app notifications are off for this API key. Turn them on with /v2/workspace/notificationconfig/update.",
    );
  }
}

/** The stored config over the defaults. */
export async function getNotificationConfig(scope: ApiKeyScope, _input: unknown, db: Reader) {
  const config = await keyServiceConfig(db, scope);
  const stored = config.notificationServiceConfig;
  return {
    useNotificationService: notificationsOn(config),
    notificationServiceConfig: {
      triggers: { comment: {}, huddle: {}, ...stored?.triggers },
      delayConfig: { isEnabled: false, delaySeconds: 10, ...stored?.delayConfig },
      batchConfig: {
        document: { ...DEFAULT_BATCH, ...stored?.batchConfig?.document },
        user: { ...DEFAULT_BATCH, ...stored?.batchConfig?.user },
      },
    },
  };
}

/** Deep merge over what is stored; the reply echoes what was sent, with the switch as it now is. */
export async function updateNotificationConfig(
  scope: ApiKeyScope,
  input: z.output<typeof updateNotificationConfigInput>,
  tx: Tx,
) {
  const config = await lockServiceConfig(tx, scope);
  const sent = input.notificationServiceConfig;
  const stored = config.notificationServiceConfig ?? {};
  const next = {
    ...stored,
    ...(sent?.triggers && {
      triggers: {
        ...stored.triggers,
        ...Object.fromEntries(
          Object.entries(sent.triggers).map(([group, map]) => [group, { ...stored.triggers?.[group], ...map }]),
        ),
      },
    }),
    ...(sent?.delayConfig && { delayConfig: { ...stored.delayConfig, ...sent.delayConfig } }),
    ...(sent?.batchConfig && {
      batchConfig: {
        ...stored.batchConfig,
        ...Object.fromEntries(
          Object.entries(sent.batchConfig).map(([which, b]) => [which, { ...stored.batchConfig?.[which], ...b }]),
        ),
      },
    }),
  };
  const useNotificationService = input.useNotificationService ?? notificationsOn(config);
  await writeServiceConfig(tx, scope, { ...config, useNotificationService, notificationServiceConfig: next });
  return { useNotificationService, ...(sent && { notificationServiceConfig: sent }) };
}
