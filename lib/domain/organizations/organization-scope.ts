import type { Tx } from "@/lib/infra/db";
import { derivedId } from "@/lib/infra/ids";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { shareOrganization } from "./organizations-store";

/** The tenant scope of everything inside one organization: every query filters by both ids. */
export interface OrgScope {
  apiKeyId: string;
  organizationId: string;
}

export const orgScope = (scope: ApiKeyScope, organizationId: string): OrgScope => ({
  apiKeyId: scope.apiKeyId,
  organizationId,
});

export const organizationRowId = (org: OrgScope) => derivedId("org", [org.apiKeyId, org.organizationId]);

export const ORGANIZATION_MISSING = "Organization does not exist.";
export const CREATE_ORGANIZATION_HINT = " Pass createOrganization: true to create it.";
/** An organization Delete Organizations removed, while the purge job clears its rows. */
export const ORGANIZATION_DELETING =
  "Organization does not exist: it was deleted, and its id can be used again once its data has been purged.";

/**
 * The organization must exist; with `create` it is made first, in the caller's transaction. One that is being
 * deleted cannot be written to or made again until its purge has finished (the row lock waits for a delete
 * running now).
 */
export async function ensureOrganization(tx: Tx, org: OrgScope, create: boolean, hint = CREATE_ORGANIZATION_HINT) {
  if (create)
    await tx.organization.createMany({ data: [{ id: organizationRowId(org), ...org }], skipDuplicates: true });
  const found = await shareOrganization(tx, org);
  if (!found) throw notFound(ORGANIZATION_MISSING + hint);
  if (found.deletedAt) throw notFound(ORGANIZATION_DELETING);
}
