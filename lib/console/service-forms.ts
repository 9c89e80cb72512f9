import { z } from "zod";
import { emailConfigFields, isSenderEmail } from "@/lib/domain/email/email-config-input";
import { endpointFields } from "@/lib/domain/webhooks/endpoint-input";
import { isHttpUrl } from "@/lib/domain/webhooks/http-url";
import { webhookConfigFields } from "@/lib/domain/webhooks/webhook-config-input";

// The email, simple-webhook and endpoint forms' checks, built from the operations' own field rules
// (lib/domain/<area>/*-input.ts, no server imports). Update Email Config and Update Webhook Config answer any
// bad value with one message for the whole config ("Invalid email service configuration."); here each rule
// is named at its input. What is the form's own: text inputs hold strings ("" for unset), and a SendGrid type
// needs a key stored or typed.

const orEmpty = (rule: (v: string) => boolean) => (v: string) => v === "" || rule(v);

export const emailSettingsForm = z
  .object({
    type: emailConfigFields.type,
    hasStoredKey: z.boolean(),
    newKey: emailConfigFields.apiKey,
    fromEmail: emailConfigFields.fromEmail.refine(orEmpty(isSenderEmail), {
      error: "{path} must be an email address such as noreply@example.com.",
    }),
    fromCompany: emailConfigFields.fromCompany,
    commentTemplateId: emailConfigFields.commentTemplateId,
    tagTemplateId: emailConfigFields.tagTemplateId,
  })
  .refine((v) => v.type !== "sendgrid" || v.hasStoredKey || v.newKey !== "", {
    path: ["newKey"],
    error: "The SendGrid type sends with your own key: enter a SendGrid API key, or choose another type.",
  });

const notificationUrl = webhookConfigFields.rawNotificationUrl.refine(orEmpty(isHttpUrl), {
  error: "{path} must be an http(s) URL such as https://example.com/hooks.",
});

export const simpleWebhookForm = z.object({
  rawNotificationUrl: notificationUrl,
  processedNotificationUrl: notificationUrl,
  authToken: webhookConfigFields.authToken,
});

/** An advanced webhook endpoint's form: Create / Update Advanced Webhook Endpoint's rules. */
export const endpointForm = z.object({
  url: z.string().refine((v) => endpointFields.url.safeParse(v).success, {
    error: "{path} must be an http(s) URL such as https://example.com/webhooks.",
  }),
  description: endpointFields.description.unwrap(),
  rateLimit: z.string().refine(
    orEmpty((v) => /^\d+$/.test(v) && endpointFields.rateLimit.safeParse(Number(v)).success),
    {
      error: "{path} must be a whole number from 1 to 100000, or empty for no limit.",
    },
  ),
});
