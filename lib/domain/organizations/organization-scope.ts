import type { Tx } from "@/lib/infra/db";
import { derivedId } from "@/lib/infra/ids";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";

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

/** The organization must exist; with `create` it is made first, in the caller's transaction. */
export async function ensureOrganization(tx: Tx, org: OrgScope, create: boolean, hint = CREATE_ORGANIZATION_HINT) {
  if (create) {
    await tx.organization.createMany({ data: [{ id: organizationRowId(org), ...org }], skipDuplicates: true });
    return;
  }
  const found = await tx.organization.findUnique({ where: { apiKeyId_organizationId: org }, select: { id: true } });
  if (!found) throw notFound(ORGANIZATION_MISSING + hint);
}
