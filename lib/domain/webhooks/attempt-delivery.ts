import { decryptSecret, openSetting } from "@/lib/infra/crypto";
import { endpointSecretAad } from "./endpoint-secret";
import type { Db } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { errorFields, log } from "@/lib/infra/log";
import { countWebhookAttempt } from "@/lib/infra/metrics/outcomes";
import { postWebhook, type PostOutcome } from "@/lib/infra/outbound/post-webhook";
import { storableError } from "@/lib/infra/storable-text";
import { readServiceConfig } from "../api-keys/service-config";
import { publishDeliveryChange } from "./delivery-changes";
import { disableAfterMs, retryDelayMs } from "./retry-schedule";
import { signatureHeaders } from "./sign-message";
import { storedWebhook, webhookTokenAad } from "./webhook-settings";
import type { ClaimedDelivery as Claimed } from "./webhooks-store";

// One attempt of a claimed delivery, the shape of all outbound work with retries (trigger emails too,
// lib/domain/email/send-trigger-email.ts): the area builds the request, lib/infra/outbound sends it and hands
// back an outcome (it never throws), the area records the outcome and moves the delivery on (done, next
// attempt after its retry policy's delay, or failed for good) if its process still holds the lease. The
// worker (lib/server/workers/webhook-delivery.ts) only claims and runs attempts. The claim brought
// everything the attempt needs, so an attempt costs the POST and one statement.

/**
 * Builds, sends and records one attempt. An exception while building or sending (an undecryptable secret, a
 * header Node refuses) is the attempt's failure, recorded like any other so the delivery follows the retry
 * schedule.
 */
export async function attemptDelivery(claim: Claimed, client: Db) {
  const started = performance.now();
  let url = claim.endpointUrl ?? claim.url ?? "";
  let outcome: PostOutcome;
  try {
    const request = await prepareAttempt(claim, client);
    if (!request) return;
    url = request.url;
    outcome = await postWebhook(request.url, request.body, request.headers);
  } catch (e) {
    const durationMs = Math.round(performance.now() - started);
    outcome = { ok: false, statusCode: 0, response: "", error: `attempt failed: ${storableError(e)}`, durationMs };
  }
  countWebhookAttempt(claim.endpointId ? "endpoint" : "simple", outcome);
  await recordOutcome(claim, url, outcome, client);
}

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

function endpointSecrets(d: Claimed): string[] {
  const aad = endpointSecretAad(d.endpointId!);
  const secrets = [decryptSecret(d.secretEnc!, aad)];
  if (d.previousSecretEnc) secrets.push(decryptSecret(d.previousSecretEnc, aad));
  return secrets;
}

async function buildRequest(d: Claimed, client: Db): Promise<WebhookRequest> {
  if (d.endpointId) {
    const body = JSON.stringify(d.payload);
    return { url: d.endpointUrl!, body, headers: signatureHeaders(d.messageId, body, endpointSecrets(d)) };
  }
  const config = storedWebhook(await readServiceConfig(client, d.apiKeyId));
  const token = openSetting(config.webhookServiceConfig.authToken, webhookTokenAad(d.apiKeyId));
  return { url: d.url ?? "", body: JSON.stringify(d.body), headers: token ? { authorization: `Basic ${token}` } : {} };
}

/** The request to send for this claim; undefined when there is none to send (the delivery is then skipped). */
async function prepareAttempt(d: Claimed, client: Db): Promise<WebhookRequest | undefined> {
  if (d.target === "endpoint" && (!d.endpointId || !d.endpointUrl || d.endpointDisabled)) {
    await client.webhookDelivery.updateMany({
      where: { id: d.id, leaseToken: d.leaseToken },
      data: { status: "skipped", leaseToken: null, leaseUntil: null, lastError: "endpoint disabled" },
    });
    await publishDeliveryChange(d.apiKeyId, d.messageId);
    return undefined;
  }
  return buildRequest(d, client);
}

interface AttemptRecord {
  /** The delivery's new status, attempt count, next attempt and last error. */
  status: string;
  attemptsMade: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
  /** What the attempt row shows. */
  response: string;
  error: string | null;
}

/** Moves the delivery on and inserts its attempt in one statement, while `d`'s lease holds; false once lost. */
async function moveAndRecord(d: Claimed, url: string, outcome: PostOutcome, r: AttemptRecord, now: Date, client: Db) {
  const cause = attemptCause(d);
  const recorded = await client.$queryRawUnsafe<{ id: string }[]>(
    `WITH moved AS (
       UPDATE "WebhookDelivery"
       SET "status" = $3, "attemptCount" = $4, "nextAttemptAt" = COALESCE($5::timestamp, "nextAttemptAt"), "nextTrigger" = 'scheduled',
           "leaseToken" = NULL, "leaseUntil" = NULL, "lastError" = $6, "updatedAt" = $7::timestamp
       WHERE "id" = $1 AND "leaseToken" = $2
       RETURNING "id"
     )
     INSERT INTO "WebhookAttempt" ("id", "apiKeyId", "deliveryId", "messageId", "endpointId", "url", "trigger", "status",
                                   "responseStatusCode", "response", "error", "durationMs", "createdAt",
                                   "number", "cause", "retryNumber")
     SELECT $8, $9, moved."id", $10, $11, $12, $13, $14, $15, $16, $17, $18, $7::timestamp,
            (SELECT count(*)::int + 1 FROM "WebhookAttempt" WHERE "deliveryId" = $1), $19, $20
     FROM moved
     RETURNING "id"`,
    d.id,
    d.leaseToken,
    r.status,
    r.attemptsMade,
    r.nextAttemptAt && utc(r.nextAttemptAt),
    r.lastError,
    utc(now),
    newId("atmpt"),
    d.apiKeyId,
    d.messageId,
    d.endpointId,
    url,
    d.nextTrigger,
    outcome.ok ? "success" : "failed",
    outcome.statusCode,
    r.response,
    r.error,
    outcome.durationMs,
    cause,
    cause === "retry" ? d.attemptCount : null,
  );
  return recorded.length > 0;
}

/**
 * Moves the delivery on and records the attempt in one statement, only while this process holds the
 * lease; endpoint health is updated afterwards (a success touches the endpoint only after a failure streak).
 * Should the database refuse the attempt's text (the outbound layer already made it storable), the attempt is
 * recorded again without the receiver's answer: it still counts, and the delivery's schedule still moves.
 */
async function recordOutcome(d: Claimed, url: string, outcome: PostOutcome, client: Db) {
  const now = new Date();
  const attemptsMade = d.attemptCount + 1;
  const delay = outcome.ok ? undefined : retryDelayMs(attemptsMade);
  const status = outcome.ok ? "success" : delay === undefined ? "failed" : "pending";
  const error = outcome.ok ? null : (outcome.error ?? `receiver answered ${outcome.statusCode}`);
  const nextAttemptAt = delay === undefined ? null : new Date(now.getTime() + delay);
  const moved = { status, attemptsMade, nextAttemptAt };
  let recorded: boolean;
  try {
    const full = { ...moved, lastError: error, response: outcome.response, error: outcome.error ?? null };
    recorded = await moveAndRecord(d, url, outcome, full, now, client);
  } catch (e) {
    log.error("recording a webhook attempt failed; it is recorded without the receiver's answer", {
      deliveryId: d.id,
      ...errorFields(e),
    });
    const stub = `the receiver's answer could not be stored (${error ?? "it succeeded"})`;
    const bare = { ...moved, lastError: outcome.ok ? null : stub, response: "", error: stub };
    recorded = await moveAndRecord(d, url, outcome, bare, now, client);
  }
  // The lease ran out and another process took the delivery over: it records its own attempt.
  if (!recorded) {
    log.warn("webhook attempt finished after its lease ran out", { deliveryId: d.id });
    return;
  }
  if (d.endpointId) await trackEndpointHealth(client, d.endpointId, d.failing, outcome.ok, now);
  await publishDeliveryChange(d.apiKeyId, d.messageId);
  if (!outcome.ok)
    log.debug("webhook attempt failed", { deliveryId: d.id, attempt: attemptsMade, status: outcome.statusCode, error });
}

export type AttemptCause = "first" | "retry" | "manual" | "test";

/**
 * What made this attempt: a resend or recovery (manual) or a console test restarts the schedule with its own
 * first attempt; after that, and after a real event's first try, each attempt is retry n of that schedule.
 */
function attemptCause(d: Claimed): AttemptCause {
  if (d.nextTrigger === "test" || d.nextTrigger === "manual") return d.nextTrigger;
  return d.attemptCount === 0 ? "first" : "retry";
}

/** Timestamp columns hold UTC wall-clock time. */
const utc = (d: Date) => d.toISOString().replace("Z", "");

/** A success clears the failure streak; an endpoint failing for longer than the limit is disabled. */
async function trackEndpointHealth(client: Db, endpointId: string, failing: boolean, ok: boolean, now: Date) {
  const endpoint = { id: endpointId };
  if (ok) {
    if (failing)
      await client.webhookEndpoint.updateMany({
        where: { id: endpoint.id, failingSince: { not: null } },
        data: { failingSince: null },
      });
    return;
  }
  await client.webhookEndpoint.updateMany({
    where: { id: endpoint.id, failingSince: null },
    data: { failingSince: now },
  });
  const disabled = await client.webhookEndpoint.updateMany({
    where: { id: endpoint.id, disabled: false, failingSince: { lte: new Date(now.getTime() - disableAfterMs()) } },
    data: { disabled: true },
  });
  if (disabled.count) log.warn("webhook endpoint disabled after failing for too long", { endpointId: endpoint.id });
}
