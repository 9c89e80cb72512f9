import { decryptSecret, encryptSecret, secretAad } from "./crypto";
import { db, type Tx } from "./db";
import { definePeriodicJob } from "./jobs/define-job";
import { HOUR, SECOND } from "./jobs/retry-policy";

// Rows of IdempotencyRecord (see lib/api/idempotency.ts for the rules). The claim is one INSERT ... ON
// CONFLICT DO NOTHING on the primary key (scopeKey, key), so of several instances on one database exactly
// one claims a key; the others read the row it wrote.

export interface IdempotencyRef {
  scopeKey: string;
  key: string;
}

export interface IdempotencyRow {
  requestHash: string;
  state: string;
  httpStatus: number | null;
  body: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/** A record's reference with the hash of its request: what its sealed reply is bound to. */
export type SealedReplyRef = IdempotencyRef & { requestHash: string };

const replyAad = (ref: SealedReplyRef) =>
  secretAad("IdempotencyRecord", "body", JSON.stringify([ref.scopeKey, ref.key, ref.requestHash]));

/** A reply as the record stores it: sealed (AES-256-GCM), bound to the record. */
export const sealReply = (ref: SealedReplyRef, body: string) => encryptSecret(body, replyAad(ref));

/** The stored reply in the clear; null when there is none or it does not open (another secret key, a copy). */
export function openReply(ref: SealedReplyRef, sealed: string | null): string | null {
  if (sealed === null) return null;
  try {
    return decryptSecret(sealed, replyAad(ref));
  } catch {
    return null;
  }
}

/** Inserts a `running` record; false when the key is already taken. */
export async function insertRunningRecord(ref: IdempotencyRef, requestHash: string, ttlMs: number): Promise<boolean> {
  const now = new Date();
  const { count } = await db().idempotencyRecord.createMany({
    data: [{ ...ref, requestHash, state: "running", createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) }],
    skipDuplicates: true,
  });
  return count === 1;
}

export function findRecord(ref: IdempotencyRef): Promise<IdempotencyRow | null> {
  return db().idempotencyRecord.findUnique({
    where: { scopeKey_key: ref },
    select: { requestHash: true, state: true, httpStatus: true, body: true, createdAt: true, expiresAt: true },
  });
}

/** Deletes the record if it is still the one created at `createdAt` (another instance may have replaced it). */
export async function deleteRecordCreatedAt(ref: IdempotencyRef, createdAt: Date): Promise<void> {
  await db().idempotencyRecord.deleteMany({ where: { ...ref, createdAt } });
}

/** In the call's transaction: its writes and this mark commit together. False when the claim was lost. */
export async function markRecordCommitted(tx: Tx, ref: IdempotencyRef): Promise<boolean> {
  const { count } = await tx.idempotencyRecord.updateMany({
    where: { ...ref, state: "running" },
    data: { state: "committed" },
  });
  return count === 1;
}

export async function storeRecordReply(ref: IdempotencyRef, httpStatus: number, body: string): Promise<void> {
  await db().idempotencyRecord.updateMany({
    where: { ...ref, state: { in: ["running", "committed"] } },
    data: { state: "done", httpStatus, body },
  });
}

/** Gives the key up if the call committed nothing; false when its writes committed (the record stays). */
export async function deleteUncommittedRecord(ref: IdempotencyRef): Promise<boolean> {
  const { count } = await db().idempotencyRecord.deleteMany({ where: { ...ref, state: "running" } });
  return count === 1;
}

/** Deletes records past their 24 hours, at most `limit`; returns how many went. */
export function pruneExpiredIdempotencyRecords(limit = 10_000): Promise<number> {
  return db().$executeRaw`
    DELETE FROM "IdempotencyRecord" WHERE ("scopeKey", "key") IN (
      SELECT "scopeKey", "key" FROM "IdempotencyRecord" WHERE "expiresAt" < ${new Date()}
      ORDER BY "expiresAt" LIMIT ${limit})`;
}

/** Hourly: one process of the database prunes expired records per turn; one retry, then the next turn. */
export const pruneIdempotencyJob = definePeriodicJob({
  kind: "idempotency.prune",
  everyMs: HOUR,
  retry: { delaysMs: [30 * SECOND] },
  run: async () => {
    await pruneExpiredIdempotencyRecords();
  },
});
