import type { Reader, Tx } from "@/lib/infra/db";
import type { OrgScope } from "../organizations/organization-scope";

// The presence area's data access: REST presence rows (source "rest"), live presence rows (source: a live
// instance's id) and the live state values of documents.

export const REST_SOURCE = "rest";

export interface DocumentScope extends OrgScope {
  documentId: string;
}

export interface PresentUser {
  userId: string;
  name?: string | null;
  email?: string | null;
  status?: string | null;
}

/** Puts the users in (or refreshes them), until `expiresAt`; fields a user leaves out keep their value. */
export function upsertRestPresence(tx: Tx, doc: DocumentScope, users: PresentUser[], expiresAt: Date) {
  return tx.$executeRaw`
    INSERT INTO "DocumentPresence"
      ("apiKeyId", "organizationId", "documentId", "userId", "source", "name", "email", "status", "expiresAt", "updatedAt")
    SELECT ${doc.apiKeyId}, ${doc.organizationId}, ${doc.documentId}, u->>'userId', ${REST_SOURCE},
      u->>'name', u->>'email', u->>'status', ${expiresAt}, now()
    FROM jsonb_array_elements(${JSON.stringify(users)}::jsonb) AS u
    ON CONFLICT ("apiKeyId", "organizationId", "documentId", "userId", "source") DO UPDATE SET
      "name" = COALESCE(EXCLUDED."name", "DocumentPresence"."name"),
      "email" = COALESCE(EXCLUDED."email", "DocumentPresence"."email"),
      "status" = COALESCE(EXCLUDED."status", "DocumentPresence"."status"),
      "expiresAt" = EXCLUDED."expiresAt", "updatedAt" = now()`;
}

/** Changes the users who are present now (REST); returns how many were. */
export async function updateRestPresence(tx: Tx, doc: DocumentScope, users: PresentUser[], expiresAt: Date) {
  const present = await tx.documentPresence.findMany({
    where: { ...doc, source: REST_SOURCE, userId: { in: users.map((u) => u.userId) }, expiresAt: { gt: new Date() } },
    select: { userId: true },
  });
  const here = new Set(present.map((p) => p.userId));
  const changed = users.filter((u) => here.has(u.userId));
  if (changed.length) await upsertRestPresence(tx, doc, changed, expiresAt);
  return changed.length;
}

export function deleteRestPresence(tx: Tx, doc: DocumentScope, userIds: string[]) {
  return tx.documentPresence.deleteMany({ where: { ...doc, source: REST_SOURCE, userId: { in: userIds } } });
}

/** Every unexpired presence row of the document, REST and live. */
export function readPresence(db: Reader, doc: DocumentScope, now = new Date()) {
  return db.documentPresence.findMany({
    where: { ...doc, expiresAt: { gt: now } },
    select: { userId: true, source: true, name: true, email: true, status: true, connections: true, expiresAt: true },
    orderBy: [{ userId: "asc" }, { source: "asc" }],
  });
}

/** One more live socket of the user on this instance, until `expiresAt` (renewed while the instance runs). */
export function addLiveConnection(db: Tx, doc: DocumentScope, instance: string, user: PresentUser, expiresAt: Date) {
  return db.$executeRaw`
    INSERT INTO "DocumentPresence"
      ("apiKeyId", "organizationId", "documentId", "userId", "source", "name", "email", "connections", "expiresAt", "updatedAt")
    VALUES (${doc.apiKeyId}, ${doc.organizationId}, ${doc.documentId}, ${user.userId}, ${instance},
      ${user.name ?? null}, ${user.email ?? null}, 1, ${expiresAt}, now())
    ON CONFLICT ("apiKeyId", "organizationId", "documentId", "userId", "source") DO UPDATE SET
      "connections" = "DocumentPresence"."connections" + 1, "expiresAt" = EXCLUDED."expiresAt", "updatedAt" = now()`;
}

/** One socket of the user fewer on this instance; the row goes with the last. */
export async function removeLiveConnection(db: Tx, doc: DocumentScope, instance: string, userId: string) {
  const key = { ...doc, userId, source: instance };
  await db.documentPresence.updateMany({
    where: { ...key, connections: { gt: 1 } },
    data: { connections: { decrement: 1 } },
  });
  await db.documentPresence.deleteMany({ where: { ...key, connections: { lte: 1 } } });
}

/** Keeps this instance's live rows alive (one statement for all of them). */
export function renewLiveRows(db: Tx, instance: string, expiresAt: Date) {
  return db.documentPresence.updateMany({ where: { source: instance }, data: { expiresAt } });
}

/** An instance's live rows, when it stops. */
export function deleteLiveRows(db: Tx, instance: string) {
  return db.documentPresence.deleteMany({ where: { source: instance } });
}

/**
 * Rows whose time is up (REST presence not refreshed, live rows of an instance that died). A sweep over every
 * tenant, like usage.sweep: no tenant's data is read, and every reader filters on `expiresAt` itself.
 */
export function deleteExpiredPresence(db: Tx, now = new Date()) {
  return db.documentPresence.deleteMany({ where: { expiresAt: { lte: now } } });
}

export function readLiveStates(db: Reader, doc: DocumentScope, liveStateDataId?: string) {
  return db.liveState.findMany({
    where: { ...doc, ...(liveStateDataId !== undefined && { liveStateDataId }) },
    select: { liveStateDataId: true, data: true, updatedAt: true },
    orderBy: { liveStateDataId: "asc" },
  });
}

/** The stored value under a row lock (a merge reads then writes it). */
export async function lockLiveState(tx: Tx, doc: DocumentScope, liveStateDataId: string) {
  const [row] = await tx.$queryRaw<{ data: unknown }[]>`
    SELECT "data" FROM "LiveState"
    WHERE "apiKeyId" = ${doc.apiKeyId} AND "organizationId" = ${doc.organizationId}
      AND "documentId" = ${doc.documentId} AND "liveStateDataId" = ${liveStateDataId}
    FOR UPDATE`;
  return row;
}

/** The unexpired REST presence of several documents (one statement for every document a live server has open). */
export function readRestPresence(db: Reader, documents: DocumentScope[]) {
  return db.$queryRaw<
    (DocumentScope & { userId: string; name: string | null; email: string | null; status: string | null })[]
  >`
    SELECT p."apiKeyId", p."organizationId", p."documentId", p."userId", p."name", p."email", p."status"
    FROM unnest(${documents.map((d) => d.apiKeyId)}::text[], ${documents.map((d) => d.organizationId)}::text[],
                ${documents.map((d) => d.documentId)}::text[]) AS d("apiKeyId", "organizationId", "documentId")
    JOIN "DocumentPresence" p ON p."apiKeyId" = d."apiKeyId" AND p."organizationId" = d."organizationId"
      AND p."documentId" = d."documentId"
    WHERE p."source" = ${REST_SOURCE} AND p."expiresAt" > now()
    ORDER BY p."userId"`;
}
