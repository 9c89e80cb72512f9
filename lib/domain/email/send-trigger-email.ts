import { db, transaction } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { defineJob } from "@/lib/infra/jobs";
import { sendMail, type Mail } from "@/lib/infra/mailer";
import { readServiceConfig } from "../api-keys/service-config";
import { describeEvent } from "../events/describe-event";
import type { WeftEvent } from "../events/event";
import type { Recipient } from "./email-recipients";
import { emailTransport, storedEmail } from "./email-settings";

// Sends one trigger email: through the workspace's SendGrid key (type sendgrid/custom with a key), from its
// fromEmail/fromCompany, with its comment or tag dynamic template when set; otherwise through the instance
// mailer. SendGrid 429/5xx and network failures are tried again later (5 s, 30 s, 2 min, 10 min, scaled by
// WEFT_WEBHOOK_RETRY_SCALE); any other answer (a bad key: 401/403) fails the send for good. Every try's
// outcome is on the EmailDelivery row (and the mail record in OutboxMail).

const RETRY_DELAYS_S = [5, 30, 120, 600];

interface SendJob {
  deliveryId: string;
  event: WeftEvent;
  recipient: Recipient;
}

function buildMail(job: SendJob, config: ReturnType<typeof storedEmail>["emailServiceConfig"], templateId: string | null, own: boolean): Mail {
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

async function send(job: SendJob) {
  const delivery = await db().emailDelivery.findUnique({ where: { id: job.deliveryId } });
  if (!delivery || delivery.status !== "pending") return;
  const config = storedEmail(await readServiceConfig(db(), delivery.apiKeyId)).emailServiceConfig;
  const { own, sendOptions } = emailTransport(config);
  const result = await sendMail(buildMail(job, config, delivery.templateId, own), sendOptions);
  const attempts = delivery.attempts + 1;
  const retryable = result.status === "failed" && (result.code === undefined || result.code === 429 || result.code >= 500);
  const delay = retryable ? RETRY_DELAYS_S[attempts - 1] : undefined;
  await transaction(async (tx) => {
    await tx.emailDelivery.update({
      where: { id: delivery.id },
      data: {
        attempts,
        mailId: result.id,
        lastError: result.error ?? null,
        status: result.status !== "failed" ? "sent" : delay !== undefined ? "pending" : "failed",
      },
    });
    if (delay !== undefined) {
      await sendTriggerEmail.enqueue(tx, job, { startAfter: new Date(Date.now() + delay * 1000 * env().WEFT_WEBHOOK_RETRY_SCALE) });
    }
  });
}

export const sendTriggerEmail = defineJob<SendJob>("email.trigger-send", send, { retryLimit: 2, concurrency: 4 });
