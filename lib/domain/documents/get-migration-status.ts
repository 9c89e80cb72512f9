import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { notFound } from "../errors";
import { clientId } from "../fields";
import type { ApiKeyScope } from "../scope";
import type { MigrationStatus } from "./migration-job";

export const migrationStatusInput = z.strictObject({
  organizationId: clientId,
  migrationId: z.string().min(1).max(100),
});

export async function getMigrationStatus(scope: ApiKeyScope, input: z.output<typeof migrationStatusInput>, tx: Reader) {
  const m = await tx.documentMigration.findFirst({
    where: { id: input.migrationId, apiKeyId: scope.apiKeyId, organizationId: input.organizationId },
    select: { id: true, status: true, reason: true },
  });
  if (!m) throw notFound("Migration not found.");
  return { migrationId: m.id, status: m.status as MigrationStatus, reason: m.reason ?? undefined };
}
