import type { Tx } from "@/lib/infra/db";
import { derivedId, newId } from "@/lib/infra/ids";
import { notFound } from "../errors";
import type { OrgScope } from "../organizations/organization-scope";

// The user groups area's data access: groups, their members and their grants, one statement per batch.

export const userGroupRowId = (org: OrgScope, groupId: string) =>
  derivedId("grp", [org.apiKeyId, org.organizationId, groupId]);

export const GROUP_MISSING = "Organization user group does not exist.";

/** Creates groups or renames them (a null name keeps the stored one, and names a new group nothing). */
export async function saveGroups(tx: Tx, org: OrgScope, groups: { groupId: string; groupName: string | null }[]) {
  if (!groups.length) return;
  const rows = groups.map((g) => ({ id: userGroupRowId(org, g.groupId), ...g }));
  await tx.$executeRaw`
    INSERT INTO "UserGroup" ("id", "apiKeyId", "organizationId", "groupId", "groupName", "createdAt", "updatedAt")
    SELECT v."id", ${org.apiKeyId}, ${org.organizationId}, v."groupId", v."groupName", now(), now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v("id" text, "groupId" text, "groupName" text)
    ON CONFLICT ("apiKeyId", "organizationId", "groupId") DO UPDATE SET
      "groupName" = COALESCE(EXCLUDED."groupName", "UserGroup"."groupName"), "updatedAt" = EXCLUDED."updatedAt"`;
}

/** The group must exist: locks its row until the transaction ends (membership changes of one group queue). */
export async function lockGroup(tx: Tx, org: OrgScope, groupId: string) {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT 1 FROM "UserGroup"
    WHERE "apiKeyId" = ${org.apiKeyId} AND "organizationId" = ${org.organizationId} AND "groupId" = ${groupId}
    FOR UPDATE`;
  if (!rows.length) throw notFound(GROUP_MISSING);
}

/** Adds directory users to a group (members already stay); returns the userIds that are in the directory. */
export async function addMembers(tx: Tx, org: OrgScope, groupId: string, userIds: string[]): Promise<Set<string>> {
  const inDirectory = await tx.organizationUser.findMany({
    where: { ...org, userId: { in: userIds } },
    select: { userId: true },
  });
  await tx.userGroupMember.createMany({
    data: inDirectory.map((u) => ({ ...org, groupId, userId: u.userId })),
    skipDuplicates: true,
  });
  return new Set(inDirectory.map((u) => u.userId));
}

/**
 * Sets the groups of directory users to exactly `groupIds` each (Add Users' organizationUserGroupIds); groups
 * that do not exist yet are made without a name.
 */
export async function setUsersGroups(tx: Tx, org: OrgScope, users: { userId: string; groupIds: string[] }[]) {
  if (!users.length) return;
  const groupIds = [...new Set(users.flatMap((u) => u.groupIds))];
  await tx.userGroup.createMany({
    data: groupIds.map((groupId) => ({ id: userGroupRowId(org, groupId), ...org, groupId })),
    skipDuplicates: true,
  });
  const rows = users.flatMap((u) => u.groupIds.map((groupId) => ({ userId: u.userId, groupId })));
  await tx.$executeRaw`
    DELETE FROM "UserGroupMember" AS m
    USING jsonb_to_recordset(${JSON.stringify(users)}::jsonb) AS v("userId" text, "groupIds" text[])
    WHERE m."apiKeyId" = ${org.apiKeyId} AND m."organizationId" = ${org.organizationId}
      AND m."userId" = v."userId" AND m."groupId" <> ALL(v."groupIds")`;
  if (!rows.length) return;
  await tx.$executeRaw`
    INSERT INTO "UserGroupMember" ("apiKeyId", "organizationId", "groupId", "userId", "createdAt")
    SELECT ${org.apiKeyId}, ${org.organizationId}, v."groupId", v."userId", now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v("userId" text, "groupId" text)
    ON CONFLICT DO NOTHING`;
}

/** Grants a group resources; a grant that exists takes the new role and expiry. */
export async function saveGroupGrants(
  tx: Tx,
  org: OrgScope,
  groupId: string,
  grants: { resourceType: string; resourceId: string; accessRole: string; expiresAt: Date | null }[],
) {
  const rows = grants.map((g) => ({ id: newId("ggr"), ...g, expiresAt: g.expiresAt?.toISOString() ?? null }));
  await tx.$executeRaw`
    INSERT INTO "UserGroupGrant"
      ("id", "apiKeyId", "organizationId", "groupId", "resourceType", "resourceId", "accessRole", "expiresAt", "createdAt", "updatedAt")
    SELECT v."id", ${org.apiKeyId}, ${org.organizationId}, ${groupId}, v."resourceType", v."resourceId", v."accessRole",
           v."expiresAt", now(), now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
         AS v("id" text, "resourceType" text, "resourceId" text, "accessRole" text, "expiresAt" timestamp(3))
    ON CONFLICT ("apiKeyId", "organizationId", "groupId", "resourceType", "resourceId") DO UPDATE SET
      "accessRole" = EXCLUDED."accessRole", "expiresAt" = EXCLUDED."expiresAt", "updatedAt" = EXCLUDED."updatedAt"`;
}
