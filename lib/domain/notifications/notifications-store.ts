import { Prisma } from "@/lib/generated/prisma/client";
import type { Reader, Tx } from "@/lib/infra/db";
import type { OrgScope } from "../organizations/organization-scope";

// The notifications area's data access: the raw statements of the fan-out job.
// Plain lookups on purpose: a single join of Membership and OrganizationUser was planned as a nested loop
// with a join filter while the tables' statistics still described them as empty (11 s instead of 0.2 s
// for 10,000 users right after they were added).

/** Up to `limit` organization-level members (live memberships) with a userId after `after`, in userId order. */
export function organizationMembersAfter(tx: Reader, org: OrgScope, after: string, limit: number) {
  return tx.$queryRaw<{ userId: string }[]>`
    SELECT "userId" FROM "Membership"
    WHERE "apiKeyId" = ${org.apiKeyId} AND "organizationId" = ${org.organizationId}
      AND "resourceType" = 'organization' AND "resourceId" = ${org.organizationId}
      AND ("expiresAt" IS NULL OR "expiresAt" > now()) AND "userId" > ${after}
    ORDER BY "userId" LIMIT ${limit}`;
}

/** Whether a user of the organization chose an inbox preference other than ALL somewhere (then fan-out checks each member). */
export async function hasInboxLimits(db: Reader, org: OrgScope): Promise<boolean> {
  const [row] = await db.$queryRaw<{ limited: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM "NotificationPreference"
      WHERE "apiKeyId" = ${org.apiKeyId} AND "organizationId" = ${org.organizationId}
        AND "inbox" IN ('MINE', 'NONE')) AS limited`;
  return row?.limited ?? false;
}

/**
 * Adds these users as recipients of the notification (by primary key; existing recipients stay); returns the new
 * count. With `inboxOf` (a document id), only users whose inbox preference for that document is ALL: fan-out
 * reaches users it does not name, which MINE and NONE turn down (the document's value, else the organization's).
 */
export function addRecipients(
  tx: Tx,
  org: OrgScope,
  notificationRowId: string,
  createdAt: Date,
  userIds: string[],
  inboxOf?: string,
) {
  const inboxAll =
    inboxOf === undefined
      ? Prisma.empty
      : Prisma.sql`AND COALESCE(
          (SELECT p."inbox" FROM "NotificationPreference" p WHERE p."apiKeyId" = u."apiKeyId"
            AND p."organizationId" = u."organizationId" AND p."userId" = u."userId" AND p."documentId" = ${inboxOf}),
          (SELECT p."inbox" FROM "NotificationPreference" p WHERE p."apiKeyId" = u."apiKeyId"
            AND p."organizationId" = u."organizationId" AND p."userId" = u."userId" AND p."documentId" = ''),
          'ALL') = 'ALL'`;
  return tx.$executeRaw`
    INSERT INTO "NotificationRecipient"
      ("notificationRowId", "apiKeyId", "organizationId", "userId", "userKey", "createdAt")
    SELECT ${notificationRowId}, u."apiKeyId", u."organizationId", u."userId",
      COALESCE(NULLIF(u."email", ''), u."userId"), ${createdAt}
    FROM "OrganizationUser" u
    WHERE u."apiKeyId" = ${org.apiKeyId} AND u."organizationId" = ${org.organizationId} AND u."userId" = ANY(${userIds})
      ${inboxAll}
    ON CONFLICT DO NOTHING`;
}

interface ChannelValues {
  inbox?: string;
  email?: string;
  slack?: string;
}

/** Sets the given channels for every user on every document (one statement); channels not given keep their value. */
export function upsertPreferences(tx: Tx, org: OrgScope, userIds: string[], documentIds: string[], c: ChannelValues) {
  return tx.$executeRaw`
    INSERT INTO "NotificationPreference"
      ("apiKeyId", "organizationId", "userId", "documentId", "inbox", "email", "slack", "updatedAt")
    SELECT ${org.apiKeyId}, ${org.organizationId}, u, d, ${c.inbox ?? null}, ${c.email ?? null}, ${c.slack ?? null}, now()
    FROM unnest(${userIds}::text[]) AS u CROSS JOIN unnest(${documentIds}::text[]) AS d
    ON CONFLICT ("apiKeyId", "organizationId", "userId", "documentId") DO UPDATE SET
      "inbox" = COALESCE(EXCLUDED."inbox", "NotificationPreference"."inbox"),
      "email" = COALESCE(EXCLUDED."email", "NotificationPreference"."email"),
      "slack" = COALESCE(EXCLUDED."slack", "NotificationPreference"."slack"),
      "updatedAt" = now()`;
}

/** The stored preference rows of these users on these documents ("" = organization level), by primary key. */
export function readPreferences(db: Reader, org: OrgScope, userIds: string[], documentIds: string[]) {
  return db.notificationPreference.findMany({
    where: { ...org, userId: { in: userIds }, documentId: { in: documentIds } },
    select: { userId: true, documentId: true, inbox: true, email: true, slack: true },
  });
}

/** Marks the notification read for these users (now); `persistForYou` is what the call says for each of them. */
export function markNotificationsRead(
  tx: Tx,
  org: OrgScope,
  notificationRowId: string,
  userIds: string[],
  persistForYou: boolean,
) {
  if (!userIds.length) return Promise.resolve(0);
  return tx.$executeRaw`
    INSERT INTO "NotificationRead" ("notificationRowId", "apiKeyId", "organizationId", "userId", "persistForYou", "readAt")
    SELECT ${notificationRowId}, ${org.apiKeyId}, ${org.organizationId}, u, ${persistForYou}, now()
    FROM unnest(${userIds}::text[]) AS u
    ON CONFLICT ("notificationRowId", "userId") DO UPDATE SET "persistForYou" = EXCLUDED."persistForYou"`;
}

/** Of these notifications, the ones the user has read, with whether each stays in the user's "For You" feed. */
export function readMarks(db: Reader, org: OrgScope, notificationRowIds: string[], userId: string) {
  return db.notificationRead.findMany({
    where: { notificationRowId: { in: notificationRowIds }, userId, ...org },
    select: { notificationRowId: true, persistForYou: true },
  });
}
