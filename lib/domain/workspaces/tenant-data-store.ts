import type { Tx } from "@/lib/infra/db";

// Everything stored for API keys, for deleting a key or a whole workspace. Tables that reference ApiKey with
// ON DELETE CASCADE (organizations and what hangs off them, CRDT rows, AI keys, agents, tokens, domains) go
// with the key row; the tables below carry apiKeyId without a foreign key (for speed on the hot paths) and are
// cleared here. tests/api/delete-tenant.test.ts walks every table with an apiKeyId or workspaceId column and
// fails when a new one is left out.

export async function deleteKeyData(tx: Tx, apiKeyIds: string[]): Promise<void> {
  if (apiKeyIds.length === 0) return;
  // First: a request-log batch being written for these keys (usage-store.ts lockLiveKeys) commits before the
  // rows below are deleted, or finds the keys gone.
  await tx.$queryRaw`SELECT "id" FROM "ApiKey" WHERE "id" = ANY(${apiKeyIds}::text[]) ORDER BY "id" FOR UPDATE`;
  const byKey = { apiKeyId: { in: apiKeyIds } };
  // Children before parents where a foreign key joins them.
  await tx.commentAnnotationRead.deleteMany({ where: byKey });
  await tx.commentReaction.deleteMany({ where: byKey });
  await tx.comment.deleteMany({ where: byKey });
  await tx.commentAnnotation.deleteMany({ where: byKey });
  await tx.notificationRead.deleteMany({ where: byKey });
  await tx.notificationRecipient.deleteMany({ where: byKey });
  await tx.notificationPreference.deleteMany({ where: byKey });
  await tx.documentPresence.deleteMany({ where: byKey });
  await tx.liveState.deleteMany({ where: byKey });
  await tx.notification.deleteMany({ where: byKey });
  await tx.activityLog.deleteMany({ where: byKey });
  await tx.domainEvent.deleteMany({ where: byKey });
  await tx.eventStream.deleteMany({ where: byKey });
  await tx.emailDelivery.deleteMany({ where: byKey });
  await tx.webhookAttempt.deleteMany({ where: byKey });
  await tx.webhookDelivery.deleteMany({ where: byKey });
  await tx.webhookMessage.deleteMany({ where: byKey });
  await tx.webhookEndpoint.deleteMany({ where: byKey });
  await tx.apiRequestLog.deleteMany({ where: byKey });
  await tx.usageDay.deleteMany({ where: byKey });
  // Stored Idempotency-Key replies hold the key's data (scope keys as lib/api/idempotency.ts writes them).
  await tx.idempotencyRecord.deleteMany({ where: { scopeKey: { in: apiKeyIds.map((id) => `apiKey:${id}`) } } });
  // Their jobs, run or not (payloads name the key at the top or in the event they carry, and hold its data).
  await tx.$executeRaw`
    DELETE FROM "Job"
    WHERE "payload"->>'apiKeyId' = ANY(${apiKeyIds}::text[])
       OR "payload"->'event'->>'apiKeyId' = ANY(${apiKeyIds}::text[])`;
  await tx.apiKey.deleteMany({ where: { id: { in: apiKeyIds } } });
}

/** Locks the workspace row, so a key created concurrently either commits first (and is deleted too) or fails. */
export async function lockWorkspace(tx: Tx, workspaceId: string): Promise<{ id: string; name: string } | undefined> {
  const [ws] = await tx.$queryRaw<{ id: string; name: string }[]>`
    SELECT "id", "name" FROM "Workspace" WHERE "id" = ${workspaceId} FOR UPDATE`;
  return ws;
}

/**
 * What a workspace holds beside its keys: its daily mail count, its stored Idempotency-Key replies and its audit
 * log (its members go with the workspace row). A deleted key's audit entries stay: they are the workspace's.
 */
export async function deleteWorkspaceData(tx: Tx, workspaceId: string): Promise<void> {
  await tx.auditEvent.deleteMany({ where: { workspaceId } });
  await tx.emailDailyCount.deleteMany({ where: { workspaceId } });
  await tx.idempotencyRecord.deleteMany({ where: { scopeKey: `workspace:${workspaceId}` } });
}
