import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, byClientId, type ItemResult, type ItemResults } from "../batch";
import { clientId } from "../fields";
import type { ApiKeyScope } from "../scope";
import { organizationRowId, orgScope } from "./organization-scope";
import { NO_SUCH_ORGANIZATION } from "./update-organizations";

export const updateOrganizationsDisabledStateInput = z.strictObject({
  organizationIds: batchOf(clientId),
  disabled: z.boolean(),
});

/**
 * Switches end users' access to everything of the organizations off (or on again). Open live connections of
 * users close at their next access check; the key's own REST calls keep working (docs/organizations.md).
 */
export async function updateOrganizationsDisabledState(
  scope: ApiKeyScope,
  input: z.output<typeof updateOrganizationsDisabledStateInput>,
  tx: Tx,
): Promise<ItemResults> {
  assertDistinct(input.organizationIds, "organizationIds");
  const updated = await tx.organization.updateManyAndReturn({
    where: { apiKeyId: scope.apiKeyId, organizationId: { in: input.organizationIds }, deletedAt: null },
    data: { disabled: input.disabled },
    select: { organizationId: true },
  });
  const found = new Set(updated.map((o) => o.organizationId));
  const results = byClientId<ItemResult>();
  for (const organizationId of input.organizationIds) {
    const id = organizationRowId(orgScope(scope, organizationId));
    results[organizationId] = found.has(organizationId)
      ? { success: true, id, message: "Updated disable state for organization Successfully" }
      : { success: false, id, message: NO_SUCH_ORGANIZATION };
  }
  return results;
}
