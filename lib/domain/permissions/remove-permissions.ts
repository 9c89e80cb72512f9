import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf } from "../batch";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { organizationOf, resourceRef } from "./resources";

export const removePermissionsInput = z.strictObject({
  userId: clientId,
  permissions: z.strictObject({ resources: batchOf(resourceRef) }),
});

/**
 * Takes back the user's stored grants on the resources (Add Permissions, Add Users); a grant that does not
 * exist is nothing to remove. The user stays in the directory. Access that came from these grants ends at once:
 * open live connections close at their next check (docs/live.md). Grants carried by a token stay in the token
 * until it expires (docs/tokens.md).
 */
export async function removePermissions(scope: ApiKeyScope, input: z.output<typeof removePermissionsInput>, tx: Tx) {
  const resources = input.permissions.resources;
  assertDistinct(
    resources.map((r) => JSON.stringify([organizationOf(r), r.type, r.id])),
    "permissions.resources",
  );
  const byOrganization = new Map<string, { resourceType: string; resourceId: string }[]>();
  for (const r of resources) {
    const list = byOrganization.get(organizationOf(r)) ?? [];
    list.push({ resourceType: r.type, resourceId: r.id });
    byOrganization.set(organizationOf(r), list);
  }
  for (const [organizationId, list] of byOrganization)
    await tx.membership.deleteMany({ where: { ...orgScope(scope, organizationId), userId: input.userId, OR: list } });
  return null;
}
