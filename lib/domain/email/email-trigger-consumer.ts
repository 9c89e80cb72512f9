import type { Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { readServiceConfig } from "../api-keys/service-config";
import { triggerKey } from "../events/describe-event";
import type { EventConsumer, WeftEvent } from "../events/event";
import { preferenceAdmits, preferencesFor } from "../notifications/notification-preferences";
import { emailRecipients } from "./email-recipients";
import { defaultEmailTriggers, storedEmail } from "./email-settings";
import { admitInstanceMail, viaInstanceSendgrid } from "./instance-mail-limit";
import { sendTriggerEmail } from "./send-trigger-email";

// When email is on and the event's trigger is on, one EmailDelivery row and one send job per recipient,
// written in the dispatcher's transaction. A redelivered event (same id) adds nothing. Mail through the
// instance's SendGrid key is admitted first (instance-mail-limit.ts): a refused one is recorded as `skipped`
// with its reason, and no job is written. So is a mail to a user whose email preference (Set Notification
// Config) is NONE for the document: every trigger mail involves its recipient (mentioned, assigned, or in the
// thread), so ALL and MINE both admit it.

export const EMAIL_PREFERENCE_OFF =
  "The recipient turned email notifications off for this document (Set Notification Config: email NONE).";

export async function consumeForEmail(tx: Tx, event: WeftEvent) {
  const email = storedEmail(await readServiceConfig(tx, event.apiKeyId));
  if (!email.useEmailService) return;
  const triggers = email.emailServiceConfig.triggers ?? defaultEmailTriggers();
  if (triggers[triggerKey(event.type)] !== true) return;
  const c = email.emailServiceConfig;
  const recipients = emailRecipients(event);
  const org = { apiKeyId: event.apiKeyId, organizationId: event.organizationId };
  const preferences = await preferencesFor(
    tx,
    org,
    event.documentId,
    recipients.map((r) => r.user.userId),
    "email",
  );
  for (const r of recipients) {
    const templateId = (r.mentioned ? c.tagTemplateId : c.commentTemplateId) || null;
    const deliveryId = newId("eml");
    const turnedOff = !preferenceAdmits(preferences.get(r.user.userId), true);
    const created = await tx.emailDelivery.createMany({
      data: [
        {
          id: deliveryId,
          apiKeyId: event.apiKeyId,
          eventId: event.id,
          eventType: event.type,
          to: r.user.email,
          templateId,
          ...(turnedOff ? { status: "skipped", reason: EMAIL_PREFERENCE_OFF } : { status: "pending" }),
        },
      ],
      skipDuplicates: true,
    });
    // Nothing created: this event already mailed this recipient (a redelivery).
    if (created.count === 0 || turnedOff) continue;
    if (viaInstanceSendgrid(c, event.apiKeyId)) {
      const admission = await admitInstanceMail(tx, event, r.user);
      await tx.emailDelivery.update({
        where: { id: deliveryId },
        data: admission.admitted ? { viaInstance: true } : { status: "skipped", reason: admission.reason },
      });
      if (!admission.admitted) continue;
    }
    await sendTriggerEmail.enqueue(tx, { deliveryId, event, recipient: r });
  }
}

export const emailTriggerConsumer: EventConsumer = { name: "email-triggers", consume: consumeForEmail };
