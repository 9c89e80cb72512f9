import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, type ItemResults, byClientId, type ItemResult } from "../batch";
import { clientId } from "../fields";
import type { ApiKeyScope } from "../scope";
import { ORGANIZATION_DELETING, organizationRowId, orgScope } from "./organization-scope";

export const addOrganizationsInput = z.strictObject({
  organizations: batchOf(z.strictObject({ organizationId: clientId, organizationName: z.string().max(1000) })),
});

export const ORGANIZATION_EXISTS = "Organization already exists.";

/**
 * New organizations in one statement; one that exists already is an item failure and stays as it was, and so is
 * one that is being deleted (its id is free again once its purge has finished).
 */
export async function addOrganizations(
  scope: ApiKeyScope,
  input: z.output<typeof addOrganizationsInput>,
  tx: Tx,
): Promise<ItemResults> {
  const ids = input.organizations.map((o) => o.organizationId);
  assertDistinct(ids, "organizations", "organizationId");
  const created = await tx.organization.createManyAndReturn({
    data: input.organizations.map((o) => ({
      id: organizationRowId(orgScope(scope, o.organizationId)),
      apiKeyId: scope.apiKeyId,
      organizationId: o.organizationId,
      name: o.organizationName,
    })),
    skipDuplicates: true,
    select: { organizationId: true },
  });
  const added = new Set(created.map((o) => o.organizationId));
  const deleting = new Set(
    (
      await tx.organization.findMany({
        where: {
          apiKeyId: scope.apiKeyId,
          organizationId: { in: ids.filter((id) => !added.has(id)) },
          deletedAt: { not: null },
        },
        select: { organizationId: true },
      })
    ).map((o) => o.organizationId),
  );
  const results = byClientId<ItemResult>();
  for (const organizationId of ids) {
    const id = organizationRowId(orgScope(scope, organizationId));
    if (added.has(organizationId)) results[organizationId] = { success: true, id, message: "Added Successfully" };
    else
      results[organizationId] = {
        success: false,
        id,
        message: deleting.has(organizationId) ? ORGANIZATION_DELETING : ORGANIZATION_EXISTS,
      };
  }
  return results;
}
