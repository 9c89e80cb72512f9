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

/**
 * The organization row, share-locked until the transaction ends: a write into the organization waits for a
 * Delete Organizations that holds the row, then sees it deleted.
 */
export async function shareOrganization(tx: Tx, org: OrgScope): Promise<{ deletedAt: Date | null } | undefined> {
  const [row] = await tx.$queryRaw<{ deletedAt: Date | null }[]>`
    SELECT "deletedAt" FROM "Organization"
    WHERE "apiKeyId" = ${org.apiKeyId} AND "organizationId" = ${org.organizationId}
    FOR SHARE`;
  return row;
}

/** Renames organizations of the key (a null name keeps the stored one); returns the organizationIds that exist. */
export async function renameOrganizations(
  tx: Tx,
  apiKeyId: string,
  items: { organizationId: string; name: string | null }[],
): Promise<Set<string>> {
  const rows = await tx.$queryRaw<{ organizationId: string }[]>`
    UPDATE "Organization" AS o
    SET "name" = COALESCE(v."name", o."name"), "updatedAt" = now()
    FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS v("organizationId" text, "name" text)
    WHERE o."apiKeyId" = ${apiKeyId} AND o."organizationId" = v."organizationId" AND o."deletedAt" IS NULL
    RETURNING o."organizationId"`;
  return new Set(rows.map((r) => r.organizationId));
}

/** Marks organizations of the key deleted; returns the organizationIds that existed (and were not deleted yet). */
export async function markOrganizationsDeleted(tx: Tx, apiKeyId: string, organizationIds: string[]) {
  const rows = await tx.$queryRaw<{ organizationId: string }[]>`
    UPDATE "Organization" SET "deletedAt" = now(), "updatedAt" = now()
    WHERE "apiKeyId" = ${apiKeyId} AND "organizationId" = ANY(${organizationIds}::text[]) AND "deletedAt" IS NULL
    RETURNING "organizationId"`;
  return new Set(rows.map((r) => r.organizationId));
}
