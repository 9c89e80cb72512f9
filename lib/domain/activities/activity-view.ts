import type { ActivityView } from "./activities-contract";

// A stored activity record as Get Activity Logs and the consumers' tests see it: the fields as written, plus
// metadata {apiKey, documentId, organizationId} and timestamp (epoch ms).

export const activitySelect = {
  id: true,
  apiKeyId: true,
  organizationId: true,
  documentId: true,
  activityId: true,
  featureType: true,
  actionType: true,
  actionUser: true,
  targetEntityId: true,
  targetSubEntityId: true,
  changes: true,
  entityData: true,
  entityTargetData: true,
  displayMessageTemplate: true,
  displayMessageTemplateData: true,
  actionIcon: true,
  isActivityResolverUsed: true,
  createdAt: true,
} as const;

interface ActivityRow {
  apiKeyId: string;
  organizationId: string;
  documentId: string;
  activityId: string;
  featureType: string;
  actionType: string;
  actionUser: unknown;
  targetEntityId: string | null;
  targetSubEntityId: string | null;
  changes: unknown;
  entityData: unknown;
  entityTargetData: unknown;
  displayMessageTemplate: string | null;
  displayMessageTemplateData: unknown;
  actionIcon: string | null;
  isActivityResolverUsed: boolean | null;
  createdAt: Date;
}

export function activityView(a: ActivityRow): ActivityView {
  const optional = {
    targetEntityId: a.targetEntityId,
    targetSubEntityId: a.targetSubEntityId,
    changes: a.changes as Record<string, unknown> | null,
    entityData: a.entityData,
    entityTargetData: a.entityTargetData,
    displayMessageTemplate: a.displayMessageTemplate,
    displayMessageTemplateData: a.displayMessageTemplateData as Record<string, unknown> | null,
    actionIcon: a.actionIcon,
    isActivityResolverUsed: a.isActivityResolverUsed,
  };
  return {
    id: a.activityId,
    featureType: a.featureType,
    actionType: a.actionType,
    actionUser: a.actionUser as { userId: string } & Record<string, unknown>,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== null && v !== undefined)),
    metadata: { apiKey: a.apiKeyId, documentId: a.documentId, organizationId: a.organizationId },
    timestamp: a.createdAt.getTime(),
  } as ActivityView;
}
