import type { EventConsumer, WeftEvent, WeftEventType } from "../events/event";
import { readServiceConfig } from "../api-keys/service-config";
import { activityTriggerOn } from "./activity-config";
import { activityLogsEnabled } from "./activity-logs-setting";
import { writeActivity } from "./write-activity";

// Every comment and reaction event becomes an activity record (when the key's activity service is on and the
// event type's trigger is not off: Update Activity Config). The record id is the event id, so a redelivered
// event overwrites its own record instead of adding another.

const TEMPLATES: Record<WeftEventType, string> = {
  "comment_annotation.add": "{{actionUser}} started a comment thread",
  "comment.add": "{{actionUser}} added a comment",
  "comment.update": "{{actionUser}} edited a comment",
  "comment.delete": "{{actionUser}} deleted a comment",
  "comment_annotation.status_change": "{{actionUser}} changed the status",
  "comment_annotation.assign": "{{actionUser}} changed the assignee",
  "comment_annotation.priority_change": "{{actionUser}} changed the priority",
  "reaction.add": "{{actionUser}} reacted {{icon}}",
  "reaction.delete": "{{actionUser}} removed the reaction {{icon}}",
};

export async function recordActivity(tx: Parameters<EventConsumer["consume"]>[0], e: WeftEvent) {
  if (!(await activityLogsEnabled(tx, e.apiKeyId))) return;
  if (!activityTriggerOn(await readServiceConfig(tx, e.apiKeyId), e.type)) return;
  const comment = e.data.comment as { commentId?: number } | undefined;
  const reaction = e.data.reaction as { icon?: string } | undefined;
  // A change made without actionUser is attributed to the API key.
  const actionUser = e.actor ?? { userId: e.apiKeyId };
  await writeActivity(
    tx,
    { apiKeyId: e.apiKeyId, organizationId: e.organizationId },
    {
      documentId: e.documentId,
      activityId: e.id,
      featureType: e.type.startsWith("reaction.") ? "reaction" : "comment",
      actionType: e.type,
      actionUser,
      targetEntityId: e.annotationId,
      ...(comment?.commentId !== undefined && { targetSubEntityId: String(comment.commentId) }),
      changes: e.data.changes as Record<string, unknown> | undefined,
      entityData: e.data.reaction ?? e.data.comment ?? e.data.commentAnnotation,
      entityTargetData: e.data.commentAnnotation,
      displayMessageTemplate: TEMPLATES[e.type],
      displayMessageTemplateData: { actionUser, ...(reaction?.icon !== undefined && { icon: reaction.icon }) },
      timestamp: new Date(e.timestamp),
    },
  );
}

export const activityConsumer: EventConsumer = { name: "activity-log", consume: recordActivity };
