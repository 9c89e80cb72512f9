import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf } from "../batch";
import { ensureOrganization, orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { saveMemberships, saveProfiles } from "../users/users-store";
import { userProfile } from "../users/user-fields";
import { grantOf, granted, resource, type GrantedResource } from "./resources";

export const addPermissionsInput = z.strictObject({
  user: userProfile,
  permissions: z.strictObject({ resources: batchOf(resource) }),
});

/**
 * Grants the user each resource with its role and expiry (a grant without expiresAt never expires and
 * replaces an earlier expiry). The user joins each organization's directory; a missing organization is
 * created. Documents and folders need not exist yet: a grant on one applies once it does.
 */
export async function addPermissions(scope: ApiKeyScope, input: z.output<typeof addPermissionsInput>, tx: Tx) {
  const resources = input.permissions.resources.map(granted);
  assertDistinct(
    resources.map((r) => JSON.stringify([r.organizationId, r.type, r.id])),
    "permissions.resources",
  );
  const byOrganization = new Map<string, GrantedResource[]>();
  for (const r of resources) {
    if (!byOrganization.has(r.organizationId)) byOrganization.set(r.organizationId, []);
    byOrganization.get(r.organizationId)!.push(r);
  }
  for (const [organizationId, list] of byOrganization) {
    const org = orgScope(scope, organizationId);
    await ensureOrganization(tx, org, true);
    await saveProfiles(tx, org, [input.user]);
    await saveMemberships(
      tx,
      org,
      list.map((r) => grantOf(input.user.userId, r)),
      true,
    );
  }
  return null;
}
