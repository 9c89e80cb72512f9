import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/infra/db";
import { derivedId } from "@/lib/infra/ids";
import { asJson } from "../json-fields";
import type { OrgScope } from "../organizations/organization-scope";
import type { UserRef } from "../events/user-ref";

// The one way an activity record is stored, by Add Activity Logs and by the event consumer: writing an
// existing id overwrites the record (idempotent write).

export const FEATURE_TYPES = ["comment", "reaction", "recorder", "crdt", "custom"] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];

export interface ActivityDraft {
  documentId: string;
  activityId: string;
  featureType: FeatureType;
  actionType: string;
  actionUser: UserRef;
  targetEntityId?: string;
  targetSubEntityId?: string;
  changes?: Record<string, unknown>;
  entityData?: unknown;
  entityTargetData?: unknown;
  displayMessageTemplate?: string;
  displayMessageTemplateData?: Record<string, unknown>;
  actionIcon?: string;
  isActivityResolverUsed?: boolean;
  /** Defaults to now. */
  timestamp?: Date;
}

export const activityRowId = (org: OrgScope, activityId: string) =>
  derivedId("act", [org.apiKeyId, org.organizationId, activityId]);

export async function writeActivity(tx: Tx, org: OrgScope, a: ActivityDraft) {
  const fields = {
    documentId: a.documentId,
    featureType: a.featureType,
    actionType: a.actionType,
    actionUserId: a.actionUser.userId,
    actionUser: asJson(a.actionUser)!,
    targetEntityId: a.targetEntityId ?? null,
    targetSubEntityId: a.targetSubEntityId ?? null,
    changes: asJson(a.changes),
    entityData: asJson(a.entityData),
    entityTargetData: asJson(a.entityTargetData),
    displayMessageTemplate: a.displayMessageTemplate ?? null,
    displayMessageTemplateData: asJson(a.displayMessageTemplateData),
    actionIcon: a.actionIcon ?? null,
    isActivityResolverUsed: a.isActivityResolverUsed ?? null,
    createdAt: a.timestamp ?? new Date(),
  };
  const id = activityRowId(org, a.activityId);
  // An overwrite replaces the whole record: JSON fields the new write leaves out are cleared.
  const cleared = { changes: null, entityData: null, entityTargetData: null, displayMessageTemplateData: null };
  const update = { ...fields };
  for (const k of Object.keys(cleared) as (keyof typeof cleared)[])
    if (update[k] === undefined) (update as Record<string, unknown>)[k] = Prisma.DbNull;
  await tx.activityLog.upsert({
    where: { apiKeyId_organizationId_activityId: { ...org, activityId: a.activityId } },
    create: { id, ...org, activityId: a.activityId, ...fields },
    update,
  });
}
