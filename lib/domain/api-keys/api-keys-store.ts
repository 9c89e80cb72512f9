import type { Prisma } from "@/lib/generated/prisma/client";
import type { Reader, Tx } from "@/lib/infra/db";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";

// The API keys area's data access: its row lock and raw SQL. service-config.ts parses what these return.

const KEY_NOT_FOUND = "API key not found.";

/** ApiKey.serviceConfig as stored, with the key's row locked until the transaction ends. */
export async function lockServiceConfigRow(tx: Tx, scope: ApiKeyScope): Promise<unknown> {
  const rows = await tx.$queryRaw<{ serviceConfig: unknown }[]>`
    SELECT "serviceConfig" FROM "ApiKey"
    WHERE "id" = ${scope.apiKeyId} AND "workspaceId" = ${scope.workspaceId}
    FOR UPDATE`;
  if (!rows[0]) throw notFound(KEY_NOT_FOUND);
  return rows[0].serviceConfig;
}

export async function serviceConfigOfKey(db: Reader, scope: ApiKeyScope): Promise<unknown> {
  const key = await db.apiKey.findFirst({
    where: { id: scope.apiKeyId, workspaceId: scope.workspaceId },
    select: { serviceConfig: true },
  });
  if (!key) throw notFound(KEY_NOT_FOUND);
  return key.serviceConfig;
}

export async function readServiceConfigRow(db: Reader, apiKeyId: string): Promise<unknown> {
  const key = await db.apiKey.findUnique({ where: { id: apiKeyId }, select: { serviceConfig: true } });
  return key?.serviceConfig;
}

export async function writeServiceConfigRow(tx: Tx, scope: ApiKeyScope, config: Prisma.InputJsonObject) {
  await tx.apiKey.updateMany({
    where: { id: scope.apiKeyId, workspaceId: scope.workspaceId },
    data: { serviceConfig: config },
  });
}
