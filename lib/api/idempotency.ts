import { createHash } from "node:crypto";
import { DomainError, invalid } from "@/lib/domain/errors";
import type { Scope } from "@/lib/domain/scope";
import { decryptSecret, encryptSecret, secretAad } from "@/lib/infra/crypto";
import type { Tx } from "@/lib/infra/db";
import {
  deleteUncommittedRecord,
  deleteRecordCreatedAt,
  findRecord,
  insertRunningRecord,
  markRecordCommitted,
  storeRecordReply,
  type IdempotencyRef,
} from "@/lib/infra/idempotency-store";
import { textResponse } from "./reply-text";

// Idempotency-Key on every POST (docs/idempotency.md). The first reply to a key, per caller (the API key, the
// workspace for workspace-level calls, the client IP for public ones), is kept 24 h and replayed byte for byte
// with `Idempotent-Replayed: true`. Like Stripe, a call that failed validation stores nothing (the key is
// claimed only once the input parsed); a call that began executing stores its reply, unless it is a 5xx or a
// 429 that committed nothing, which a retry runs again. The claim is a row inserted before the call runs; a
// writing call marks it `committed` inside its own transaction, so its writes and the mark commit together or
// not at all, and a call whose writes committed is never run a second time, whatever its reply.
// A stored reply may carry credentials (Create Workspace's token, a user JWT, a webhook secret), so it is kept
// only sealed (AES-256-GCM) and bound to its record: reading the table, or a copy of it, yields no reply.

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** A `running` record older than this belongs to a process that died before its call committed. */
export const RUNNING_LEASE_MS = 10 * 60_000;
const REPLAYED_HEADER = "idempotent-replayed";

const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export type IdempotencyClaim = IdempotencyRef & { requestHash: string };

export interface StoredReply {
  httpStatus: number;
  body: string;
}

/** The request's Idempotency-Key, or undefined without one; INVALID_ARGUMENT naming the header if malformed. */
export function idempotencyKeyOf(headers: Headers): string | undefined {
  const key = headers.get("idempotency-key");
  if (key === null) return undefined;
  if (!KEY_PATTERN.test(key)) throw invalid("Idempotency-Key must be 1 to 255 printable ASCII characters.");
  return key;
}

function scopeKeyOf(scope: Scope): string {
  if (scope.level === "apiKey") return `apiKey:${scope.apiKeyId}`;
  if (scope.level === "workspace") return `workspace:${scope.workspaceId}`;
  return `ip:${scope.clientIp}`;
}

function requestHash(path: string, data: unknown): string {
  return createHash("sha256")
    .update(`${path}\n${JSON.stringify(data)}`)
    .digest("base64url");
}

/**
 * Claims `key` for this call (then the call runs and `settleIdempotentCall` stores its reply), or returns
 * the stored reply of an earlier call with the same key and request. Another request under the same key:
 * ALREADY_EXISTS; the first call still running: ABORTED (409 both).
 */
export async function claimIdempotencyKey(
  key: string,
  path: string,
  scope: Scope,
  data: unknown,
): Promise<{ claim: IdempotencyClaim } | { replay: StoredReply }> {
  const ref = { scopeKey: scopeKeyOf(scope), key };
  const hash = requestHash(path, data);
  const claim = { ...ref, requestHash: hash };
  const quoted = JSON.stringify(key);
  const replyLost = () =>
    new DomainError(
      "ABORTED",
      `The request with Idempotency-Key ${quoted} was carried out, but its reply was lost; ` +
        "use a new key to run it again.",
    );
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await insertRunningRecord(ref, hash, IDEMPOTENCY_TTL_MS)) return { claim };
    const row = await findRecord(ref);
    if (!row) continue;
    const age = Date.now() - row.createdAt.getTime();
    if (row.expiresAt.getTime() <= Date.now() || (row.state === "running" && age > RUNNING_LEASE_MS)) {
      await deleteRecordCreatedAt(ref, row.createdAt);
      continue;
    }
    if (row.requestHash !== hash) {
      throw new DomainError(
        "ALREADY_EXISTS",
        `Idempotency-Key ${quoted} was already used with a different request; use a new key for a new request.`,
      );
    }
    if (row.state === "done") {
      const body = row.httpStatus === null ? null : openReply(claim, row.body);
      if (body === null) throw replyLost();
      return { replay: { httpStatus: row.httpStatus!, body } };
    }
    if (row.state === "committed" && age > RUNNING_LEASE_MS) throw replyLost();
    throw new DomainError(
      "ABORTED",
      `A request with Idempotency-Key ${quoted} is still being processed; retry once it has answered.`,
    );
  }
  throw new DomainError("ABORTED", `Idempotency-Key ${quoted} is contended; retry shortly.`);
}

/** Runs inside a writing call's transaction, after its writes. */
export async function markIdempotentWrite(tx: Tx, claim: IdempotencyClaim): Promise<void> {
  if (!(await markRecordCommitted(tx, claim))) {
    throw new DomainError("ABORTED", `Idempotency-Key ${JSON.stringify(claim.key)} was taken over; retry shortly.`);
  }
}

/** Whether a reply is kept for replays: not 5xx nor 429, so a retry of those runs the call again. */
export const isStoredReply = (httpStatus: number) => httpStatus < 500 && httpStatus !== 429;

/**
 * Stores the call's reply under its claim, or gives the key up when the reply is not kept, unless the call's
 * writes committed (a 5xx from an after-commit step such as sending the login mail): that reply is kept too.
 */
export async function settleIdempotentCall(claim: IdempotencyClaim, response: Response): Promise<void> {
  if (!isStoredReply(response.status) && (await deleteUncommittedRecord(claim))) return;
  await storeRecordReply(claim, response.status, sealReply(claim, await response.clone().text()));
}

const replyAad = (claim: IdempotencyClaim) =>
  secretAad("IdempotencyRecord", "body", JSON.stringify([claim.scopeKey, claim.key, claim.requestHash]));

const sealReply = (claim: IdempotencyClaim, body: string) => encryptSecret(body, replyAad(claim));

/** The stored reply in the clear; null when there is none or it does not open (another secret key, a copy). */
function openReply(claim: IdempotencyClaim, sealed: string | null): string | null {
  if (sealed === null) return null;
  try {
    return decryptSecret(sealed, replyAad(claim));
  } catch {
    return null;
  }
}

export function replayResponse(stored: StoredReply, requestId: string): Response {
  return textResponse(stored.body, {
    status: stored.httpStatus,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-request-id": requestId,
      [REPLAYED_HEADER]: "true",
    },
  });
}

/** The error status a stored reply carries (for request observers), if it is an error envelope. */
export function replayedErrorStatus(stored: StoredReply): string | undefined {
  if (stored.httpStatus < 400) return undefined;
  try {
    return (JSON.parse(stored.body) as { error?: { status?: string } }).error?.status;
  } catch {
    return undefined;
  }
}
