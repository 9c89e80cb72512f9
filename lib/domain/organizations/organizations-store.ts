import type { Tx } from "@/lib/infra/db";
import type { OrgScope } from "./organization-scope";

// The organizations area's row locks and raw SQL.

/**
 * Locks the organization row until the transaction ends, so that folder changes (which read a subtree and
 * write it back) run one at a time per organization. False when the organization does not exist.
 */
export async function lockOrganization(tx: Tx, org: OrgScope): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT 1 FROM "Organization"
    WHERE "apiKeyId" = ${org.apiKeyId} AND "organizationId" = ${org.organizationId}
    FOR UPDATE`;
  return rows.length > 0;
}
