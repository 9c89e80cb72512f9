import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, byClientId, type ItemResult, type ItemResults } from "../batch";
import { clientId } from "../fields";
import type { ApiKeyScope } from "../scope";
import { organizationRowId, orgScope } from "./organization-scope";
import { renameOrganizations } from "./organizations-store";

export const updateOrganizationsInput = z.strictObject({
  organizations: batchOf(
    z.strictObject({ organizationId: clientId, organizationName: z.string().max(1000).optional() }),
  ),
});

/** The per-item failure of the organization batch operations (no period, as the reference shows it). */
export const NO_SUCH_ORGANIZATION = "Organization does not exist";

/** Renames organizations in one statement; one that does not exist (or is being deleted) fails alone. */
export async function updateOrganizations(
  scope: ApiKeyScope,
  input: z.output<typeof updateOrganizationsInput>,
  tx: Tx,
): Promise<ItemResults> {
  const ids = input.organizations.map((o) => o.organizationId);
  assertDistinct(ids, "organizations", "organizationId");
  const found = await renameOrganizations(
    tx,
    scope.apiKeyId,
    input.organizations.map((o) => ({ organizationId: o.organizationId, name: o.organizationName ?? null })),
  );
  const results = byClientId<ItemResult>();
  for (const organizationId of ids) {
    const id = organizationRowId(orgScope(scope, organizationId));
    results[organizationId] = found.has(organizationId)
      ? { success: true, id, message: "Updated Successfully" }
      : { success: false, id, message: NO_SUCH_ORGANIZATION };
  }
  return results;
}
