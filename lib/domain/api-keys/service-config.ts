import type { Reader, Tx } from "@/lib/infra/db";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";

// ApiKey.serviceConfig holds the key's service configs (email, simple and advanced webhooks, SDK settings),
// as Create API Key first wrote them. Config updates lock the row so concurrent updates merge, not race.

export type ServiceConfig = Record<string, unknown>;

/** The key's config, with the row locked until the transaction ends. */
export async function lockServiceConfig(tx: Tx, scope: ApiKeyScope): Promise<ServiceConfig> {
  const rows = await tx.$queryRaw<{ serviceConfig: ServiceConfig | null }[]>`
    SELECT "serviceConfig" FROM "ApiKey" WHERE "id" = ${scope.apiKeyId} AND "workspaceId" = ${scope.workspaceId} FOR UPDATE`;
  if (!rows[0]) throw notFound("API key not found.");
  return rows[0].serviceConfig ?? {};
}

/** The key's config, for reads (no lock). */
export async function keyServiceConfig(db: Reader, scope: ApiKeyScope): Promise<ServiceConfig> {
  const key = await db.apiKey.findFirst({ where: { id: scope.apiKeyId, workspaceId: scope.workspaceId }, select: { serviceConfig: true } });
  if (!key) throw notFound("API key not found.");
  return (key.serviceConfig ?? {}) as ServiceConfig;
}

export async function writeServiceConfig(tx: Tx, scope: ApiKeyScope, config: ServiceConfig) {
  await tx.apiKey.updateMany({ where: { id: scope.apiKeyId, workspaceId: scope.workspaceId }, data: { serviceConfig: config as object } });
}

/** Read-only access for event consumers and workers, which act for the key named in the event. */
export async function readServiceConfig(tx: Reader, apiKeyId: string): Promise<ServiceConfig> {
  const key = await tx.apiKey.findUnique({ where: { id: apiKeyId }, select: { serviceConfig: true } });
  return (key?.serviceConfig ?? {}) as ServiceConfig;
}
