import type { Reader } from "@/lib/infra/db";
import { precondition } from "../errors";

// The activity service is a per-key switch (ApiKey.activityLogs, default WEFT_DEFAULT_ACTIVITY_LOGS),
// turned on or off by the operator: npx weft apikey:update <key> --activity-logs on|off.

export async function activityLogsEnabled(tx: Reader, apiKeyId: string): Promise<boolean> {
  const key = await tx.apiKey.findUnique({ where: { id: apiKeyId }, select: { activityLogs: true } });
  return key?.activityLogs ?? false;
}

export async function requireActivityLogs(tx: Reader, apiKeyId: string) {
  if (!(await activityLogsEnabled(tx, apiKeyId))) {
    throw precondition(
      `Activity logs are disabled for this API key. Enable them with: npx weft apikey:update ${apiKeyId} --activity-logs on`,
    );
  }
}
