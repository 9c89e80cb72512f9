import { Prisma } from "@/lib/generated/prisma/client";
import { preparedRead, type Reader, type Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import type { AccessRole } from "../fields";
import type { OrgScope } from "../organizations/organization-scope";
import { setUsersGroups } from "../user-groups/user-groups-store";
import type { MembershipTarget } from "./membership-target";
import { initialOf, userRowId, type UserProfileInput } from "./user-fields";

// The users area's data access (its raw SQL lives here, nowhere else): bulk writes of the user directory and
// memberships, one statement per table for a whole batch (INSERT ... SELECT FROM jsonb_to_recordset ... ON
// CONFLICT), never a round trip per user.

/**
 * Creates or updates directory profiles. Fields a profile leaves out keep their stored values; `initial`
 * is derived from a new `name` unless given. The merge happens in the statement (COALESCE with the stored
 * row), not in a read before it, so two concurrent calls for the same user cannot undo each other's fields.
 * `organizationUserGroupIds`, when given, becomes the user's set of groups (user-groups-store.ts).
 */
export async function saveProfiles(tx: Tx, org: OrgScope, users: UserProfileInput[]) {
  if (!users.length) return;
  const rows = users.map((u) => ({
    id: userRowId(org, u.userId),
    userId: u.userId,
    name: u.name ?? null,
    email: u.email ?? null,
    photoUrl: u.photoUrl ?? null,
    initial: u.initial ?? (u.name !== undefined ? initialOf(u.name) : null),
    color: u.color ?? null,
    textColor: u.textColor ?? null,
  }));
  await tx.$executeRaw`
    INSERT INTO "OrganizationUser"
      ("id", "apiKeyId", "organizationId", "userId", "name", "email", "photoUrl", "initial", "color", "textColor", "createdAt", "updatedAt")
    SELECT v."id", ${org.apiKeyId}, ${org.organizationId}, v."userId", v."name", v."email", v."photoUrl", v."initial", v."color",
           v."textColor", now(), now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v("id" text, "userId" text, "name" text, "email" text,
         "photoUrl" text, "initial" text, "color" text, "textColor" text)
    ON CONFLICT ("apiKeyId", "organizationId", "userId") DO UPDATE SET
      "name" = COALESCE(EXCLUDED."name", "OrganizationUser"."name"),
      "email" = COALESCE(EXCLUDED."email", "OrganizationUser"."email"),
      "photoUrl" = COALESCE(EXCLUDED."photoUrl", "OrganizationUser"."photoUrl"),
      "initial" = COALESCE(EXCLUDED."initial", "OrganizationUser"."initial"),
      "color" = COALESCE(EXCLUDED."color", "OrganizationUser"."color"),
      "textColor" = COALESCE(EXCLUDED."textColor", "OrganizationUser"."textColor"),
      "updatedAt" = EXCLUDED."updatedAt"`;
  await setUsersGroups(
    tx,
    org,
    users.flatMap((u) =>
      u.organizationUserGroupIds ? [{ userId: u.userId, groupIds: u.organizationUserGroupIds }] : [],
    ),
  );
}

export interface Grant extends MembershipTarget {
  userId: string;
  /** Left out: a new membership is an editor, an existing one keeps its role. */
  accessRole?: AccessRole;
  expiresAt?: Date | null;
}

/**
 * Creates or updates memberships; the users must be in the directory. With `setExpiry`, a grant's
 * expiresAt (null: never) replaces the stored one.
 */
export async function saveMemberships(tx: Tx, org: OrgScope, grants: Grant[], setExpiry = false) {
  const withRole = grants.filter((g) => g.accessRole !== undefined);
  const keepRole = grants.filter((g) => g.accessRole === undefined);
  const update = setExpiry
    ? Prisma.sql`DO UPDATE SET "accessRole" = EXCLUDED."accessRole", "expiresAt" = EXCLUDED."expiresAt", "updatedAt" = EXCLUDED."updatedAt"`
    : Prisma.sql`DO UPDATE SET "accessRole" = EXCLUDED."accessRole", "updatedAt" = EXCLUDED."updatedAt"`;
  if (withRole.length) await insertMemberships(tx, org, withRole, update);
  if (keepRole.length) await insertMemberships(tx, org, keepRole, Prisma.sql`DO NOTHING`);
}

async function insertMemberships(tx: Tx, org: OrgScope, grants: Grant[], onConflict: Prisma.Sql) {
  const rows = grants.map((g) => ({
    id: newId("mem"),
    userId: g.userId,
    resourceType: g.resourceType,
    resourceId: g.resourceId,
    accessRole: g.accessRole ?? null,
    expiresAt: g.expiresAt?.toISOString() ?? null,
  }));
  await tx.$executeRaw`
    INSERT INTO "Membership"
      ("id", "apiKeyId", "organizationId", "userId", "resourceType", "resourceId", "accessRole", "expiresAt", "createdAt", "updatedAt")
    SELECT v."id", ${org.apiKeyId}, ${org.organizationId}, v."userId", v."resourceType", v."resourceId",
           COALESCE(v."accessRole", 'editor'), v."expiresAt", now(), now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v("id" text, "userId" text, "resourceType" text, "resourceId" text,
         "accessRole" text, "expiresAt" timestamp(3))
    ON CONFLICT ("apiKeyId", "organizationId", "userId", "resourceType", "resourceId") ${onConflict}`;
}

export interface MemberPageRow {
  /** The key's advanced-queries flag: false or null (no such key) means the page was not read. */
  allowed: boolean | null;
  /** The membership's keyset position: row id and createdAt as epoch ms (text); null without members. */
  id: string | null;
  at: string | null;
  resourceId: string | null;
  /** The member as Get Users answers it (userOutput's fields, in its order), as JSON text. */
  user: string | null;
}

export interface MemberPageQuery {
  apiKeyId: string;
  organizationId: string;
  resourceType: MembershipTarget["resourceType"];
  /** Undefined: every resource of the type (all documents). */
  resourceId?: string;
  userIds?: string[];
  groupIds?: string[];
  /** Memberships expiring after this instant count; earlier ones have expired. */
  now: Date;
  after?: { at: Date; id: string };
  take: number;
  /** Read the page whatever the key's advanced-queries flag says (the console's Data page). */
  whateverTheSwitch?: boolean;
}

/**
 * Get Users' read: the key's advanced-queries flag and one page of live memberships with their directory
 * profiles in (createdAt, id) order, in one prepared statement (lib/infra/db.ts) per combination of filters;
 * each member comes as the JSON Get Users answers (lib/domain/json-text.ts): absent profile fields, an empty
 * group list and an empty role are left out, as the output schema leaves them. Without the flag (unless
 * whateverTheSwitch): one row, no member.
 */
export function readMembersPage(tx: Reader, q: MemberPageQuery): Promise<MemberPageRow[]> {
  const variant = [
    q.resourceId === undefined && "anyresource",
    q.userIds && "ids",
    q.groupIds && "groups",
    q.after && "after",
    q.whateverTheSwitch && "anyswitch",
  ];
  const name = ["members_json", ...variant].filter(Boolean).join("_");
  const resource = q.resourceId !== undefined ? Prisma.sql`AND m."resourceId" = ${q.resourceId}` : Prisma.empty;
  const ids = q.userIds ? Prisma.sql`AND m."userId" = ANY(${q.userIds}::text[])` : Prisma.empty;
  const groups = q.groupIds
    ? Prisma.sql`AND EXISTS (
        SELECT 1 FROM "UserGroupMember" g
        WHERE g."apiKeyId" = m."apiKeyId" AND g."organizationId" = m."organizationId" AND g."userId" = m."userId"
          AND g."groupId" = ANY(${q.groupIds}::text[]))`
    : Prisma.empty;
  const gate = q.whateverTheSwitch ? Prisma.sql`true` : Prisma.sql`k."advancedQueries"`;
  const after = q.after
    ? Prisma.sql`AND m."createdAt" >= ${q.after.at} AND (m."createdAt" > ${q.after.at} OR m."id" > ${q.after.id})`
    : Prisma.empty;
  // to_json(text)::text escapes a string exactly as JSON.stringify does.
  return preparedRead<MemberPageRow>(
    tx,
    name,
    Prisma.sql`
    SELECT k."advancedQueries" AS "allowed", m."id", (extract(epoch FROM m."createdAt") * 1000)::bigint::text AS "at",
           m."resourceId",
           '{"userId":' || to_json(m."userId")::text
           || CASE WHEN m."name" IS NULL THEN '' ELSE ',"name":' || to_json(m."name")::text END
           || CASE WHEN m."email" IS NULL THEN '' ELSE ',"email":' || to_json(m."email")::text END
           || CASE WHEN m."photoUrl" IS NULL THEN '' ELSE ',"photoUrl":' || to_json(m."photoUrl")::text END
           || CASE WHEN m."initial" IS NULL THEN '' ELSE ',"initial":' || to_json(m."initial")::text END
           || CASE WHEN m."color" IS NULL THEN '' ELSE ',"color":' || to_json(m."color")::text END
           || CASE WHEN m."textColor" IS NULL THEN '' ELSE ',"textColor":' || to_json(m."textColor")::text END
           || CASE WHEN cardinality(m."groupIds") > 0
                   THEN ',"organizationUserGroupIds":' || to_json(m."groupIds")::text ELSE '' END
           || CASE WHEN m."accessRole" IS NULL OR m."accessRole" = '' THEN ''
                   ELSE ',"accessRole":' || to_json(m."accessRole")::text END
           || '}' AS "user"
    FROM "ApiKey" k
    LEFT JOIN LATERAL (
      SELECT m."id", m."createdAt", m."resourceId", m."accessRole", u."userId", u."name", u."email", u."photoUrl",
             u."initial", u."color", u."textColor", u."groupIds"
      FROM "Membership" m
      -- One unique-index lookup per membership in page order (LIMIT 1 keeps the planner from flattening it into
      -- a join): as a plain join, a planner without statistics (a table just filled, before autovacuum analyzes
      -- it) matched each membership against the whole organization's directory, 0.7 s for a page of 100 of 10,000.
      JOIN LATERAL (
        SELECT u."userId", u."name", u."email", u."photoUrl", u."initial", u."color", u."textColor",
               ARRAY(
                 SELECT g."groupId" FROM "UserGroupMember" g
                 WHERE g."apiKeyId" = u."apiKeyId" AND g."organizationId" = u."organizationId" AND g."userId" = u."userId"
                 ORDER BY g."groupId"
               ) AS "groupIds"
        FROM "OrganizationUser" u
        WHERE u."apiKeyId" = m."apiKeyId" AND u."organizationId" = m."organizationId" AND u."userId" = m."userId"
        LIMIT 1
      ) u ON true
      WHERE m."apiKeyId" = k."id" AND m."organizationId" = ${q.organizationId} AND m."resourceType" = ${q.resourceType}
        ${resource} ${ids} ${groups}
        AND (m."expiresAt" IS NULL OR m."expiresAt" > ${q.now}) ${after}
      ORDER BY m."createdAt", m."id"
      LIMIT ${q.take}
    ) m ON ${gate}
    WHERE k."id" = ${q.apiKeyId}
    ORDER BY m."createdAt", m."id"`,
  );
}
