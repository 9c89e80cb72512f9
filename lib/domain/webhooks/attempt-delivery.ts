import { decryptSecret } from "@/lib/infra/crypto";
import { db } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { log } from "@/lib/infra/log";
import { readServiceConfig } from "../api-keys/service-config";
import { renewLease, type Claimed } from "./claim-deliveries";
import { postWebhook, type PostOutcome } from "./post-webhook";
import { disableAfterMs, retryDelayMs } from "./retry-schedule";
import { signatureHeaders } from "./sign-message";
import { openToken, storedWebhook } from "./webhook-settings";

// One attempt of one claimed delivery: build the request, POST it, then record the attempt and move the
// delivery on (done, next attempt scheduled, or failed for good) if this process still holds the lease.

type Delivery = NonNullable<Awaited<ReturnType<typeof loadDelivery>>>;

function loadDelivery(id: string) {
  return db().webhookDelivery.findUnique({ where: { id }, include: { message: true, endpoint: true } });
}

function endpointSecrets(endpoint: NonNullable<Delivery["endpoint"]>, now: Date): string[] {
  const secrets = [decryptSecret(endpoint.secretEnc)];
  if (endpoint.previousSecretEnc && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(endpoint.previousSecretEnc));
  }
  return secrets;
}

async function buildRequest(d: Delivery): Promise<{ url: string; body: string; headers: Record<string, string> }> {
  if (d.endpoint) {
    const body = JSON.stringify(d.message.payload);
    return { url: d.endpoint.url, body, headers: signatureHeaders(d.message.id, body, endpointSecrets(d.endpoint, new Date())) };
  }
  const config = storedWebhook(await readServiceConfig(db(), d.apiKeyId));
  const token = openToken(config.webhookServiceConfig.authToken);
  return { url: d.url ?? "", body: JSON.stringify(d.body), headers: token ? { authorization: `Basic ${token}` } : {} };
}

export async function attemptDelivery(claim: Claimed): Promise<void> {
  const d = await loadDelivery(claim.id);
  if (!d || d.leaseToken !== claim.leaseToken) return;
  if (d.target === "endpoint" && (!d.endpoint || d.endpoint.disabled)) {
    await db().webhookDelivery.updateMany({
      where: { id: d.id, leaseToken: claim.leaseToken },
      data: { status: "skipped", leaseToken: null, leaseUntil: null, lastError: "endpoint disabled" },
    });
    return;
  }
  const request = await buildRequest(d);
  if (!(await renewLease(claim))) return;
  const outcome = await postWebhook(request.url, request.body, request.headers);
  await recordOutcome(d, claim.leaseToken, request.url, outcome);
}

async function recordOutcome(d: Delivery, leaseToken: string, url: string, outcome: PostOutcome) {
  const now = new Date();
  const attemptsMade = d.attemptCount + 1;
  const delay = outcome.ok ? undefined : retryDelayMs(attemptsMade);
  const status = outcome.ok ? "success" : delay === undefined ? "failed" : "pending";
  const error = outcome.ok ? null : (outcome.error ?? `receiver answered ${outcome.statusCode}`);
  await db().$transaction(async (tx) => {
    const moved = await tx.webhookDelivery.updateMany({
      where: { id: d.id, leaseToken },
      data: {
        status,
        attemptCount: attemptsMade,
        nextAttemptAt: delay === undefined ? d.nextAttemptAt : new Date(now.getTime() + delay),
        nextTrigger: "scheduled",
        leaseToken: null,
        leaseUntil: null,
        lastError: error,
      },
    });
    // The lease ran out and another process took the delivery over: it records its own attempt.
    if (moved.count === 0) {
      log.warn("webhook attempt finished after its lease ran out", { deliveryId: d.id });
      return;
    }
    await tx.webhookAttempt.create({
      data: {
        id: newId("atmpt"),
        apiKeyId: d.apiKeyId,
        deliveryId: d.id,
        messageId: d.messageId,
        endpointId: d.endpointId,
        url,
        trigger: d.nextTrigger,
        status: outcome.ok ? "success" : "failed",
        responseStatusCode: outcome.statusCode,
        response: outcome.response,
        error: outcome.error ?? null,
        durationMs: outcome.durationMs,
        createdAt: now,
      },
    });
    if (d.endpoint) await trackEndpointHealth(tx, d.endpoint, outcome.ok, now);
  });
  if (!outcome.ok) log.debug("webhook attempt failed", { deliveryId: d.id, attempt: attemptsMade, status: outcome.statusCode, error });
}

type TxClient = Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0];

/** A success clears the failure streak; an endpoint failing for longer than the limit is disabled. */
async function trackEndpointHealth(tx: TxClient, endpoint: NonNullable<Delivery["endpoint"]>, ok: boolean, now: Date) {
  if (ok) {
    await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: { not: null } }, data: { failingSince: null } });
    return;
  }
  await tx.webhookEndpoint.updateMany({ where: { id: endpoint.id, failingSince: null }, data: { failingSince: now } });
  const disabled = await tx.webhookEndpoint.updateMany({
    where: { id: endpoint.id, disabled: false, failingSince: { lte: new Date(now.getTime() - disableAfterMs()) } },
    data: { disabled: true },
  });
  if (disabled.count) log.warn("webhook endpoint disabled after failing for too long", { endpointId: endpoint.id });
}
