import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/infra/db";
import { openReply } from "@/lib/infra/idempotency-store";

// The user-data area's raw SQL: the erase steps of Delete All User Data, each a bounded statement (at most
// `limit` rows), so a step is run chunk by chunk, each chunk its own transaction, until it touches fewer rows
// than that. Every statement carries the API key; `organizationIds` (empty: every organization) narrows the
// tables that have an organizationId column. A JSON column "holds" the user when the user id is one of its
// string values or object keys: the id as a JSON string appears in the column's text.

export interface ErasureScope {
  apiKeyId: string;
  userId: string;
  organizationIds: string[];
}

const inOrgs = (s: ErasureScope, column = Prisma.raw(`"organizationId"`)) =>
  Prisma.sql`(cardinality(${s.organizationIds}::text[]) = 0 OR ${column} = ANY(${s.organizationIds}::text[]))`;

/** The user id quoted as JSON: what `holds` looks for in a JSON column's text. */
const quoted = (s: ErasureScope) => Prisma.sql`to_jsonb(${s.userId}::text)::text`;
const holds = (s: ErasureScope, column: string) => Prisma.sql`strpos(${Prisma.raw(column)}::text, ${quoted(s)}) > 0`;

/** Trigger mail sent to the user's addresses (as a profile, a comment author or a mentioned contact knows them). */
export async function eraseEmailDeliveries(tx: Tx, s: ErasureScope, limit: number): Promise<number> {
  const gone = await tx.$queryRaw<{ mailId: string | null }[]>`
    WITH emails AS (
      SELECT lower("email") AS e FROM "OrganizationUser"
        WHERE "apiKeyId" = ${s.apiKeyId} AND "userId" = ${s.userId} AND "email" IS NOT NULL AND ${inOrgs(s)}
      UNION SELECT lower("from"->>'email') FROM "Comment"
        WHERE "apiKeyId" = ${s.apiKeyId} AND "fromUserId" = ${s.userId} AND "from"->>'email' IS NOT NULL AND ${inOrgs(s)}
      UNION SELECT lower(t->'contact'->>'email') FROM "Comment" c, jsonb_array_elements(c."taggedUserContacts") t
        WHERE c."apiKeyId" = ${s.apiKeyId} AND ${s.userId} = ANY(c."taggedUserIds") AND t->>'userId' = ${s.userId}
          AND t->'contact'->>'email' IS NOT NULL AND ${inOrgs(s, Prisma.raw(`c."organizationId"`))})
    DELETE FROM "EmailDelivery" WHERE "id" IN (
      SELECT "id" FROM "EmailDelivery"
      WHERE "apiKeyId" = ${s.apiKeyId} AND lower("to") IN (SELECT e FROM emails) LIMIT ${limit})
    RETURNING "mailId"`;
  const mails = gone.flatMap((g) => (g.mailId ? [g.mailId] : []));
  if (mails.length) await tx.outboxMail.deleteMany({ where: { id: { in: mails } } });
  return gone.length;
}

/** Annotations the user started, with every comment, reaction and read mark in them. */
export function eraseAnnotationsStarted(tx: Tx, s: ErasureScope, limit: number): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM "CommentAnnotation" WHERE "id" IN (
      SELECT "id" FROM "CommentAnnotation"
      WHERE "apiKeyId" = ${s.apiKeyId} AND "fromUserId" = ${s.userId} AND ${inOrgs(s)} LIMIT ${limit})`;
}

/** Comments the user wrote in others' annotations; an annotation left without comments goes too. */
export async function eraseCommentsWritten(tx: Tx, s: ErasureScope, limit: number): Promise<number> {
  const gone = await tx.$queryRaw<{ annotationRowId: string }[]>`
    DELETE FROM "Comment" WHERE "id" IN (
      SELECT "id" FROM "Comment"
      WHERE "apiKeyId" = ${s.apiKeyId} AND "fromUserId" = ${s.userId} AND ${inOrgs(s)} LIMIT ${limit})
    RETURNING "annotationRowId"`;
  const touched = [...new Set(gone.map((g) => g.annotationRowId))];
  if (touched.length) {
    await tx.$executeRaw`
      DELETE FROM "CommentAnnotation" a
      WHERE a."apiKeyId" = ${s.apiKeyId} AND a."id" = ANY(${touched}::text[])
        AND NOT EXISTS (SELECT 1 FROM "Comment" c WHERE c."annotationRowId" = a."id")`;
  }
  return gone.length;
}

/** The user leaves others' comments' mention lists and stops being an assignee. */
export async function eraseMentionsAndAssignments(tx: Tx, s: ErasureScope, limit: number): Promise<number> {
  const mentions = await tx.$executeRaw`
    UPDATE "Comment" SET
      "taggedUserIds" = array_remove("taggedUserIds", ${s.userId}),
      "taggedUserContacts" = (SELECT jsonb_agg(t) FROM jsonb_array_elements("taggedUserContacts") t
                              WHERE t->>'userId' IS DISTINCT FROM ${s.userId}
                                AND t->'contact'->>'userId' IS DISTINCT FROM ${s.userId})
    WHERE "id" IN (
      SELECT "id" FROM "Comment"
      WHERE "apiKeyId" = ${s.apiKeyId} AND ${s.userId} = ANY("taggedUserIds") AND ${inOrgs(s)} LIMIT ${limit})`;
  const assigned = await tx.$executeRaw`
    UPDATE "CommentAnnotation" SET "assignedTo" = NULL, "assignedToUserId" = NULL
    WHERE "id" IN (
      SELECT "id" FROM "CommentAnnotation"
      WHERE "apiKeyId" = ${s.apiKeyId} AND "assignedToUserId" = ${s.userId} AND ${inOrgs(s)} LIMIT ${limit})`;
  return Math.max(mentions, assigned);
}

export function eraseReactions(tx: Tx, s: ErasureScope, limit: number): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM "CommentReaction" WHERE "id" IN (
      SELECT "id" FROM "CommentReaction"
      WHERE "apiKeyId" = ${s.apiKeyId} AND "userId" = ${s.userId} AND ${inOrgs(s)} LIMIT ${limit})`;
}

/**
 * Notifications the user caused or that carry their data (a template's user, a comment snapshot), and the
 * user's copy of every other one (recipient row, read mark); a notification left with no recipient goes too.
 */
export async function eraseNotifications(tx: Tx, s: ErasureScope, limit: number): Promise<number> {
  const about = await tx.$executeRaw`
    DELETE FROM "Notification" WHERE "id" IN (
      SELECT "id" FROM "Notification"
      WHERE "apiKeyId" = ${s.apiKeyId} AND ${inOrgs(s)}
        AND ("actionUserId" = ${s.userId} OR ${holds(s, `"actionUser"`)} OR ${holds(s, `"headlineTemplateData"`)}
             OR ${holds(s, `"notificationSourceData"`)} OR ${holds(s, `"context"`)})
      LIMIT ${limit})`;
  const copies = await tx.$queryRaw<{ notificationRowId: string }[]>`
    DELETE FROM "NotificationRecipient" WHERE ("notificationRowId", "userId") IN (
      SELECT "notificationRowId", "userId" FROM "NotificationRecipient"
      WHERE "apiKeyId" = ${s.apiKeyId} AND "userId" = ${s.userId} AND ${inOrgs(s)} LIMIT ${limit})
    RETURNING "notificationRowId"`;
  const touched = copies.map((c) => c.notificationRowId);
  if (touched.length) {
    await tx.$executeRaw`
      DELETE FROM "Notification" n
      WHERE n."apiKeyId" = ${s.apiKeyId} AND n."id" = ANY(${touched}::text[]) AND NOT n."notifyAll"
        AND NOT EXISTS (SELECT 1 FROM "NotificationRecipient" r WHERE r."notificationRowId" = n."id")`;
  }
  const reads = await tx.$executeRaw`
    DELETE FROM "NotificationRead" WHERE ("notificationRowId", "userId") IN (
      SELECT "notificationRowId", "userId" FROM "NotificationRead"
      WHERE "apiKeyId" = ${s.apiKeyId} AND "userId" = ${s.userId} AND ${inOrgs(s)} LIMIT ${limit})`;
  return Math.max(about, copies.length, reads);
}

/** Activity records the user caused or that carry their data. */
export function eraseActivity(tx: Tx, s: ErasureScope, limit: number): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM "ActivityLog" WHERE "id" IN (
      SELECT "id" FROM "ActivityLog"
      WHERE "apiKeyId" = ${s.apiKeyId} AND ${inOrgs(s)}
        AND ("actionUserId" = ${s.userId} OR ${holds(s, `"actionUser"`)} OR ${holds(s, `"changes"`)}
             OR ${holds(s, `"entityData"`)} OR ${holds(s, `"entityTargetData"`)}
             OR ${holds(s, `"displayMessageTemplateData"`)})
      LIMIT ${limit})`;
}

/**
 * Records of what happened that carry the user's data: domain events (dispatched or not: an event not yet
 * handed over is never delivered), webhook messages with their deliveries and attempts, background jobs
 * (a trigger mail not yet sent is not sent), stored Idempotency-Key replies and the request log's calls.
 */
export async function eraseEventRecords(tx: Tx, s: ErasureScope, limit: number): Promise<number> {
  const events = await tx.$executeRaw`
    DELETE FROM "DomainEvent" WHERE "id" IN (
      SELECT "id" FROM "DomainEvent"
      WHERE "apiKeyId" = ${s.apiKeyId} AND ${inOrgs(s)} AND ${holds(s, `"event"`)} LIMIT ${limit})`;
  const messages = await tx.$executeRaw`
    DELETE FROM "WebhookMessage" WHERE "id" IN (
      SELECT "id" FROM "WebhookMessage"
      WHERE "apiKeyId" = ${s.apiKeyId} AND ${holds(s, `"payload"`)} LIMIT ${limit})`;
  const deliveries = await tx.$executeRaw`
    DELETE FROM "WebhookDelivery" WHERE "id" IN (
      SELECT "id" FROM "WebhookDelivery"
      WHERE "apiKeyId" = ${s.apiKeyId} AND ${holds(s, `"body"`)} LIMIT ${limit})`;
  const jobs = await tx.$executeRaw`
    DELETE FROM "Job" WHERE "id" IN (
      SELECT "id" FROM "Job"
      WHERE ("payload"->>'apiKeyId' = ${s.apiKeyId} OR "payload"->'event'->>'apiKeyId' = ${s.apiKeyId})
        AND ${holds(s, `"payload"`)} LIMIT ${limit})`;
  const replies = await eraseStoredReplies(tx, s, limit);
  // The console's request log keeps calls' bodies (redacted of secrets, not of user ids) for 7 days.
  const logged = await tx.$executeRaw`
    DELETE FROM "ApiRequestLog" WHERE "id" IN (
      SELECT "id" FROM "ApiRequestLog"
      WHERE "apiKeyId" = ${s.apiKeyId} AND (${holds(s, `"requestBody"`)} OR ${holds(s, `"responseBody"`)})
      LIMIT ${limit})`;
  return Math.max(events, messages, deliveries, jobs, replies, logged);
}

/**
 * Stored replies are sealed (lib/infra/idempotency-store.ts), so no query sees inside them: each of the key's
 * (kept 24 hours) is opened here, and those holding the user id as a JSON string go.
 */
async function eraseStoredReplies(tx: Tx, s: ErasureScope, limit: number): Promise<number> {
  const scopeKey = `apiKey:${s.apiKeyId}`;
  const rows = await tx.idempotencyRecord.findMany({
    where: { scopeKey, body: { not: null } },
    select: { scopeKey: true, key: true, requestHash: true, body: true },
  });
  const needle = JSON.stringify(s.userId);
  const holding = rows.filter((r) => openReply(r, r.body)?.includes(needle)).slice(0, limit);
  if (!holding.length) return 0;
  const { count } = await tx.idempotencyRecord.deleteMany({
    where: { scopeKey, key: { in: holding.map((r) => r.key) } },
  });
  return count;
}

/** The user's directory entry in each organization, with every membership (organization, folder, document). */
export function eraseProfiles(tx: Tx, s: ErasureScope, limit: number): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM "OrganizationUser" WHERE "id" IN (
      SELECT "id" FROM "OrganizationUser"
      WHERE "apiKeyId" = ${s.apiKeyId} AND "userId" = ${s.userId} AND ${inOrgs(s)} LIMIT ${limit})`;
}

/** Notification preferences and comment read marks. */
export async function erasePreferencesAndReads(tx: Tx, s: ErasureScope, limit: number): Promise<number> {
  const preferences = await tx.$executeRaw`
    DELETE FROM "NotificationPreference" WHERE ("apiKeyId", "organizationId", "userId", "documentId") IN (
      SELECT "apiKeyId", "organizationId", "userId", "documentId" FROM "NotificationPreference"
      WHERE "apiKeyId" = ${s.apiKeyId} AND "userId" = ${s.userId} AND ${inOrgs(s)} LIMIT ${limit})`;
  const reads = await tx.$executeRaw`
    DELETE FROM "CommentAnnotationRead" WHERE ("annotationRowId", "userId") IN (
      SELECT "annotationRowId", "userId" FROM "CommentAnnotationRead"
      WHERE "apiKeyId" = ${s.apiKeyId} AND "userId" = ${s.userId} AND ${inOrgs(s)} LIMIT ${limit})`;
  return Math.max(preferences, reads);
}

/** The user's presence in documents (put there over REST or left by a live connection); returns the documents. */
export function erasePresence(tx: Tx, s: ErasureScope, limit: number) {
  return tx.$queryRaw<{ organizationId: string; documentId: string }[]>`
    DELETE FROM "DocumentPresence" WHERE ("apiKeyId", "organizationId", "documentId", "userId", "source") IN (
      SELECT "apiKeyId", "organizationId", "documentId", "userId", "source" FROM "DocumentPresence"
      WHERE "apiKeyId" = ${s.apiKeyId} AND "userId" = ${s.userId} AND ${inOrgs(s)} LIMIT ${limit})
    RETURNING "organizationId", "documentId"`;
}

/** CRDT editors the user changed last: the change is the API key's from now on (the content stays). */
export function eraseCrdtAuthorship(tx: Tx, s: ErasureScope, limit: number): Promise<number> {
  return tx.$executeRaw`
    UPDATE "CrdtDocument" SET "lastUpdatedBy" = "apiKeyId"
    WHERE ("apiKeyId", "organizationId", "documentId", "editorId") IN (
      SELECT "apiKeyId", "organizationId", "documentId", "editorId" FROM "CrdtDocument"
      WHERE "apiKeyId" = ${s.apiKeyId} AND "lastUpdatedBy" = ${s.userId} AND ${inOrgs(s)} LIMIT ${limit})`;
}

/** Versions saved for the user keep their content and read as saved by the API key (savedBy null). */
export function eraseVersionAuthorship(tx: Tx, s: ErasureScope, limit: number): Promise<number> {
  return tx.$executeRaw`
    UPDATE "CrdtVersion" SET "savedByUserId" = NULL
    WHERE "id" IN (
      SELECT "id" FROM "CrdtVersion"
      WHERE "apiKeyId" = ${s.apiKeyId} AND "savedByUserId" = ${s.userId} AND ${inOrgs(s)} LIMIT ${limit})`;
}

/** Locks the erasure's row for one chunk: concurrent runs of its job take turns. */
export async function lockErasure(tx: Tx, id: string) {
  const [row] = await tx.$queryRaw<
    {
      apiKeyId: string;
      userIds: string[];
      organizationIds: string[];
      tasksCount: number;
      tasksDone: number;
      completedAt: Date | null;
    }[]
  >`
    SELECT "apiKeyId", "userIds", "organizationIds", "tasksCount", "tasksDone", "completedAt"
    FROM "UserDataErasure" WHERE "id" = ${id} FOR UPDATE`;
  return row;
}
