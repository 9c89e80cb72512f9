import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, byClientId, type ItemResult, type ItemResults } from "../batch";
import { clientId } from "../fields";
import type { ApiKeyScope } from "../scope";
import { deletedOrganizationsChanged } from "./deleted-organizations";
import { organizationRowId, orgScope } from "./organization-scope";
import { markOrganizationsDeleted } from "./organizations-store";
import { schedulePurge } from "./purge-job";
import { NO_SUCH_ORGANIZATION } from "./update-organizations";

export const deleteOrganizationsInput = z.strictObject({ organizationIds: batchOf(clientId) });

/**
 * Deletes organizations: from the moment this commits every read and write that names one answers as if it did
 * not exist, and live connections to its documents close; the purge job then removes all its rows in the
 * background (purge-job.ts), after which the id can be used again and starts empty. One that does not exist
 * (or is being deleted already) fails alone.
 */
export async function deleteOrganizations(
  scope: ApiKeyScope,
  input: z.output<typeof deleteOrganizationsInput>,
  tx: Tx,
): Promise<ItemResults> {
  assertDistinct(input.organizationIds, "organizationIds");
  const deleted = await markOrganizationsDeleted(tx, scope.apiKeyId, input.organizationIds);
  for (const organizationId of deleted) await schedulePurge(tx, orgScope(scope, organizationId));
  if (deleted.size) await deletedOrganizationsChanged(tx, scope.apiKeyId);
  const results = byClientId<ItemResult>();
  for (const organizationId of input.organizationIds) {
    const id = organizationRowId(orgScope(scope, organizationId));
    results[organizationId] = deleted.has(organizationId)
      ? { success: true, id, message: "Deleted Successfully" }
      : { success: false, id, message: NO_SUCH_ORGANIZATION };
  }
  return results;
}
