import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { notFound } from "../errors";
import { apiKeySelect } from "./operator-views";
import type { OperatorScope, WorkspaceScope } from "../scope";
import type { updateApiKeySettingsInput } from "./update-api-key-settings-input";

export type UpdateApiKeySettingsInput = z.output<typeof updateApiKeySettingsInput>;

/**
 * Turns an API key's advanced queries and/or activity logs on or off; returns the key's settings. The operator
 * reaches every key; a workspace scope (the console, for the workspace's owner) only that workspace's keys.
 */
export async function updateApiKeySettings(
  scope: OperatorScope | WorkspaceScope,
  input: UpdateApiKeySettingsInput,
  db: Tx,
) {
  const { count } = await db.apiKey.updateMany({
    where: { id: input.apiKey, ...(scope.level === "workspace" && { workspaceId: scope.workspaceId }) },
    data: { advancedQueries: input.advancedQueries, activityLogs: input.activityLogs },
  });
  const key = count ? await db.apiKey.findUnique({ where: { id: input.apiKey }, select: apiKeySelect }) : null;
  if (!key) throw notFound(`API key ${input.apiKey} not found.`);
  return { ...key, createdAt: key.createdAt.toISOString(), updatedAt: key.updatedAt.toISOString() };
}
