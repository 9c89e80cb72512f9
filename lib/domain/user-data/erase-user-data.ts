import { z } from "zod";
import type { Reader, Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { batchOf } from "../batch";
import { notFound } from "../errors";
import { clientId } from "../fields";
import type { ApiKeyScope } from "../scope";
import { eraseJob } from "./erase-job";
import { erasureSteps } from "./user-data-steps";

// Delete All User Data (GDPR erase) and its status. The call records the erasure and queues its job in one
// transaction and answers at once; the job erases everything Get All User Data exports and everything else
// stored under the users' ids (user-data-steps.ts). docs/user-data.md lists what goes and what stays.

export const deleteUserDataInput = z.strictObject({
  userIds: batchOf(clientId),
  organizationIds: z
    .array(clientId)
    .min(1)
    .max(1000)
    .optional()
    .describe("Only these organizations of the key; without it, every one."),
});

export const erasureStatusInput = z.strictObject({ jobId: z.string().min(1).max(100) });

export async function deleteUserData(scope: ApiKeyScope, input: z.output<typeof deleteUserDataInput>, tx: Tx) {
  const userIds = [...new Set(input.userIds)];
  const tasksCount = userIds.length * erasureSteps.length;
  const id = newId("era");
  await tx.userDataErasure.create({
    data: {
      id,
      apiKeyId: scope.apiKeyId,
      userIds,
      organizationIds: [...new Set(input.organizationIds ?? [])],
      tasksCount,
    },
  });
  await eraseJob.enqueue(tx, { erasureId: id });
  return { jobId: id, tasksCount };
}

export async function getErasureStatus(scope: ApiKeyScope, input: z.output<typeof erasureStatusInput>, db: Reader) {
  const row = await db.userDataErasure.findFirst({
    where: { id: input.jobId, apiKeyId: scope.apiKeyId },
    select: { tasksCount: true, tasksDone: true, completedAt: true, lastTaskCompletedAt: true },
  });
  if (!row) throw notFound("Data deletion job not found.");
  return {
    isDeleteCompleted: row.completedAt !== null,
    tasksLeft: row.tasksCount - row.tasksDone,
    lastTaskCompletedTime: row.lastTaskCompletedAt?.getTime() ?? null,
  };
}
