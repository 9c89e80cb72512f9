import { z } from "zod";
import { isHttpUrl } from "@/lib/domain/webhooks/http-url";

// What the email and simple-webhook settings forms check in the browser before saving. Update Email Config and
// Update Webhook Config refuse a bad value with one message for the whole config ("Invalid email service
// configuration."); these rules are the same checks, named at the input they are about. (The endpoints' own
// schemas sit in modules with server imports, so the forms cannot load them.)

/** The rule Update Email Config applies to fromEmail. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSettingsForm = z
  .object({
    type: z.enum(["default", "custom", "sendgrid"]),
    hasStoredKey: z.boolean(),
    newKey: z.string().max(500),
    fromEmail: z
      .string()
      .max(254)
      .refine((v) => v === "" || EMAIL.test(v), {
        error: "{path} must be an email address such as noreply@example.com.",
      }),
    fromCompany: z.string().max(200),
    commentTemplateId: z.string().max(200),
    tagTemplateId: z.string().max(200),
  })
  .refine((v) => v.type !== "sendgrid" || v.hasStoredKey || v.newKey !== "", {
    path: ["newKey"],
    error: "The SendGrid type sends with your own key: enter a SendGrid API key, or choose another type.",
  });

const optionalHttpUrl = z
  .string()
  .max(2000)
  .refine((v) => v === "" || isHttpUrl(v), {
    error: "{path} must be an http(s) URL such as https://example.com/hooks.",
  });

/** What Node accepts in a header value (Update Webhook Config's rule for the auth token). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export const simpleWebhookForm = z.object({
  rawNotificationUrl: optionalHttpUrl,
  processedNotificationUrl: optionalHttpUrl,
  authToken: z
    .string()
    .max(2000)
    .regex(HEADER_VALUE, { error: "{path} may hold only letters, digits, punctuation and spaces." }),
});

/** An advanced webhook endpoint's form, with the rules of Create / Update Advanced Webhook Endpoint. */
export const endpointForm = z.object({
  url: z
    .string()
    .max(2000)
    .refine(isHttpUrl, { error: "{path} must be an http(s) URL such as https://example.com/webhooks." }),
  description: z.string().max(1000),
  rateLimit: z.string().refine((v) => v === "" || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 100_000), {
    error: "{path} must be a whole number from 1 to 100000, or empty for no limit.",
  }),
});
