import { decryptSecret, openSetting } from "@/lib/infra/crypto";
import { endpointSecretAad } from "./endpoint-secret";
import type { Db } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { log } from "@/lib/infra/log";
import type { PostOutcome } from "@/lib/infra/outbound/post-webhook";
import type { Claimed } from "@/lib/infra/workers/claim-deliveries";
import { readServiceConfig } from "../api-keys/service-config";
import { publishDeliveryChange } from "./delivery-changes";
import { disableAfterMs, retryDelayMs } from "./retry-schedule";
import { signatureHeaders } from "./sign-message";
import { storedWebhook, webhookTokenAad } from "./webhook-settings";

// What one attempt of a claimed delivery sends, and what its outcome changes: the worker
// (lib/infra/workers/webhook-worker.ts) claims, asks for the request here, POSTs it (lib/infra/outbound), then
// hands the outcome back to record the attempt and move the delivery on (done, next attempt scheduled, or
// failed for good) if its process still holds the lease. The claim brought everything the attempt needs, so
// an attempt costs the POST and one statement.

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
export async function prepareAttempt(d: Claimed, client: Db): Promise<WebhookRequest | undefined> {
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

/**
 * Moves the delivery on and records the attempt in one statement, only while this process holds the
 * lease; endpoint health is updated afterwards (a success touches the endpoint only after a failure streak).
 */
export async function recordOutcome(d: Claimed, url: string, outcome: PostOutcome, client: Db) {
  const leaseToken = d.leaseToken;
  const now = new Date();
  const attemptsMade = d.attemptCount + 1;
  const delay = outcome.ok ? undefined : retryDelayMs(attemptsMade);
  const status = outcome.ok ? "success" : delay === undefined ? "failed" : "pending";
  const error = outcome.ok ? null : (outcome.error ?? `receiver answered ${outcome.statusCode}`);
  const nextAttemptAt = delay === undefined ? null : new Date(now.getTime() + delay);
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
    leaseToken,
    status,
    attemptsMade,
    nextAttemptAt && utc(nextAttemptAt),
    error,
    utc(now),
    newId("atmpt"),
    d.apiKeyId,
    d.messageId,
    d.endpointId,
    url,
    d.nextTrigger,
    outcome.ok ? "success" : "failed",
    outcome.statusCode,
    outcome.response,
    outcome.error ?? null,
    outcome.durationMs,
    cause,
    cause === "retry" ? d.attemptCount : null,
  );
  // The lease ran out and another process took the delivery over: it records its own attempt.
  if (recorded.length === 0) {
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
