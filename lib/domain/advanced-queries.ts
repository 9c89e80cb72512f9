import type { Reader } from "@/lib/infra/db";
import { precondition } from "./errors";
import type { ApiKeyScope } from "./scope";

/** Get Users, Get Documents, the folder operations and Get Organizations need advanced queries on the key. */
export async function requireAdvancedQueries(scope: ApiKeyScope, tx: Reader) {
  const key = await tx.apiKey.findUnique({ where: { id: scope.apiKeyId }, select: { advancedQueries: true } });
  if (!key?.advancedQueries) throw advancedQueriesDisabled(scope);
}

/** The refusal when the key has advanced queries off (for reads that check the flag in their own statement). */
export function advancedQueriesDisabled(scope: ApiKeyScope) {
  return precondition(
    `Advanced queries are disabled for this API key. Enable them with: npx weft apikey:update ${scope.apiKeyId} --advanced-queries on`,
  );
}
