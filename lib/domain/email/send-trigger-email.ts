import { z } from "zod";
import { defineJob, FinalJobFailure, type JobContext } from "@/lib/infra/jobs/define-job";
import { MINUTE, SECOND } from "@/lib/infra/jobs/retry-policy";
import { sendMail, type Mail } from "@/lib/infra/outbound/mailer";
import { readServiceConfig } from "../api-keys/service-config";
import { describeEvent } from "../events/describe-event";
import { storedEvent, storedEventUser } from "../events/event";
import { emailTransport, storedEmail } from "./email-settings";
import { admitInstanceMail, viaInstanceSendgrid } from "./instance-mail-limit";

// Sends one trigger email: through the workspace's SendGrid key (type sendgrid/custom with a key), from its
// fromEmail/fromCompany, with its comment or tag dynamic template when set; otherwise through the instance
// mailer. SendGrid 429/5xx and network failures fail the job, which the job worker retries on the schedule of
// its retry policy below (and only there: one retry mechanism, so one send per step); any other
// answer (a bad key: 401/403) fails the send for good. Every try's outcome is on the EmailDelivery row (and the
// mail record in OutboxMail); the job's row ends failed too when the send does.

const sendJobPayload = z.object({
  deliveryId: z.string(),
  event: storedEvent,
  recipient: z.object({ user: storedEventUser.extend({ email: z.string() }), mentioned: z.boolean() }),
});
type SendJob = z.output<typeof sendJobPayload>;

function buildMail(
  job: SendJob,
  config: ReturnType<typeof storedEmail>["emailServiceConfig"],
  templateId: string | null,
  own: boolean,
): Mail {
  const { headline, body } = describeEvent(job.event);
  const company = config.fromCompany ?? "";
  const subject = company ? `${company}: ${headline}` : headline;
  const text = [headline, body].filter(Boolean).join("\n\n");
  return {
    to: job.recipient.user.email,
    subject,
    text,
    ...(own && config.fromEmail && { from: config.fromEmail }),
    ...(own && company && { fromName: company }),
    ...(own &&
      templateId && {
        templateId,
        dynamicTemplateData: {
          headline,
          commentText: body,
          eventType: job.event.type,
          organizationId: job.event.organizationId,
          documentId: job.event.documentId,
          annotationId: job.event.annotationId,
          actor: job.event.actor,
          recipient: job.recipient.user,
          mentioned: job.recipient.mentioned,
          fromCompany: company,
        },
      }),
  };
}

async function send(job: SendJob, ctx: JobContext) {
  const db = ctx.db;
  const delivery = await db.emailDelivery.findUnique({ where: { id: job.deliveryId } });
  if (!delivery || delivery.status !== "pending") return;
  const config = storedEmail(await readServiceConfig(db, delivery.apiKeyId)).emailServiceConfig;
  const { own, sendOptions } = emailTransport(config, delivery.apiKeyId);
  // The settings changed since the event was consumed, and the mail now goes through the instance's key.
  if (!delivery.viaInstance && viaInstanceSendgrid(config, delivery.apiKeyId)) {
    const admitted = await ctx.transaction(async (tx) => {
      const admission = await admitInstanceMail(tx, job.event, job.recipient.user);
      await tx.emailDelivery.update({
        where: { id: delivery.id },
        data: admission.admitted ? { viaInstance: true } : { status: "skipped", reason: admission.reason },
      });
      return admission.admitted;
    });
    if (!admitted) return;
  }
  const result = await sendMail(buildMail(job, config, delivery.templateId, own), sendOptions);
  const retryable =
    result.status === "failed" && (result.code === undefined || result.code === 429 || result.code >= 500);
  const retry = retryable && !ctx.lastAttempt;
  await db.emailDelivery.update({
    where: { id: delivery.id },
    data: {
      attempts: delivery.attempts + 1,
      mailId: result.id,
      lastError: result.error ?? null,
      status: result.status !== "failed" ? "sent" : retry ? "pending" : "failed",
    },
  });
  if (result.status !== "failed") return;
  const message = result.error ?? "the mail could not be sent";
  throw retryable ? new Error(message) : new FinalJobFailure(message);
}

export const sendTriggerEmail = defineJob({
  kind: "email.trigger-send",
  payload: sendJobPayload,
  /** SendGrid 429/5xx and network failures; any other answer fails the send at once. */
  retry: { delaysMs: [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE], scaled: true },
  run: send,
  concurrency: 4,
});
