import { z } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, type ItemResults } from "../batch";
import { invalid } from "../errors";
import type { WeftEventType } from "../events/event";
import { userRef } from "../events/user-ref";
import { clientId } from "../fields";
import { asJson, jsonObject } from "../json-fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { actionUser, location, priority, status } from "./comment-input";
import { emitCommentEvent } from "./comment-events";
import { forEachAnnotation, loadAnnotation } from "./comment-rows";

export const updateCommentAnnotationsInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId,
  annotationIds: batchOf(clientId),
  updatedData: z.strictObject({
    status: status.optional(),
    priority: priority.nullable().optional().describe("null clears the priority."),
    assignedTo: userRef.nullable().optional().describe("null unassigns."),
    location: location.optional(),
    context: jsonObject.optional(),
  }),
  actionUser,
});

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const idOf = (v: unknown) => (v as { id?: string } | null)?.id;
const userIdOf = (v: unknown) => (v as { userId?: string } | null)?.userId;

/**
 * Update Comment Annotations: status, priority, assignee, location, context. Each real change emits its
 * event: comment_annotation.status_change, .priority_change, .assign (the new assignee is notified).
 */
export async function updateCommentAnnotations(
  scope: ApiKeyScope,
  input: z.output<typeof updateCommentAnnotationsInput>,
  tx: Tx,
): Promise<ItemResults> {
  const u = input.updatedData;
  if (Object.values(u).every((v) => v === undefined))
    throw invalid("updatedData must name at least one of status, priority, assignedTo, location, context.");
  assertDistinct(input.annotationIds, "annotationIds");
  const org = orgScope(scope, input.organizationId);
  return forEachAnnotation(tx, org, input.documentId, input.annotationIds, async (before, annotationId) => {
    const changes: { type: WeftEventType; field: string; from: unknown; to: unknown }[] = [];
    if (u.status !== undefined && idOf(before.status) !== u.status.id)
      changes.push({ type: "comment_annotation.status_change", field: "status", from: before.status, to: u.status });
    if (u.priority !== undefined && !same(idOf(before.priority), idOf(u.priority)))
      changes.push({
        type: "comment_annotation.priority_change",
        field: "priority",
        from: before.priority,
        to: u.priority,
      });
    if (u.assignedTo !== undefined && userIdOf(before.assignedTo) !== u.assignedTo?.userId)
      changes.push({
        type: "comment_annotation.assign",
        field: "assignedTo",
        from: before.assignedTo,
        to: u.assignedTo,
      });
    const clear = (v: unknown) => (v === null ? Prisma.DbNull : asJson(v));
    await tx.commentAnnotation.updateMany({
      where: { id: before.id, ...org },
      data: {
        ...(u.status !== undefined && { status: asJson(u.status), statusId: u.status.id }),
        ...(u.priority !== undefined && { priority: clear(u.priority) }),
        ...(u.assignedTo !== undefined && {
          assignedTo: clear(u.assignedTo),
          assignedToUserId: u.assignedTo?.userId ?? null,
        }),
        ...(u.location !== undefined && { location: asJson(u.location), locationId: u.location.id }),
        ...(u.context !== undefined && { context: asJson(u.context) }),
        updatedAt: new Date(),
      },
    });
    const after = (await loadAnnotation(tx, org, input.documentId, annotationId))!;
    for (const c of changes) {
      await emitCommentEvent(tx, scope, {
        type: c.type,
        annotation: after,
        actor: input.actionUser ?? null,
        changes: { [c.field]: { from: c.from ?? null, to: c.to ?? null } },
      });
    }
    return "Updated Successfully";
  });
}
