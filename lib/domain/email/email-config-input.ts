import { z } from "zod";

// Update Email Config's input and the rules its verb applies to the merged config, without server imports: the
// console's email form checks with these in the browser (lib/console/service-forms.ts).

export const EMAIL_TYPES = ["default", "sendgrid", "custom"] as const;

export const INVALID_EMAIL_CONFIG = "Invalid email service configuration.";

export const TRIGGER_NAME = /^[a-z_]+\.[a-z_]+$/;

/** The fields of `emailServiceConfig`, each as its own rule. */
export const emailConfigFields = {
  type: z.enum(EMAIL_TYPES),
  apiKey: z.string().max(500),
  fromEmail: z.string().max(254),
  fromCompany: z.string().max(200),
  commentTemplateId: z.string().max(200),
  tagTemplateId: z.string().max(200),
  triggers: z.record(z.string().max(100), z.boolean()),
};

export const updateEmailConfigInput = z
  .strictObject({
    useEmailService: z.boolean().optional(),
    emailServiceConfig: z
      .strictObject({
        type: emailConfigFields.type.optional(),
        apiKey: emailConfigFields.apiKey.optional(),
        fromEmail: emailConfigFields.fromEmail.optional(),
        fromCompany: emailConfigFields.fromCompany.optional(),
        commentTemplateId: emailConfigFields.commentTemplateId.optional(),
        tagTemplateId: emailConfigFields.tagTemplateId.optional(),
        triggers: emailConfigFields.triggers.optional(),
      })
      .optional(),
  })
  .refine((v) => v.useEmailService !== undefined || v.emailServiceConfig !== undefined, {
    error: INVALID_EMAIL_CONFIG,
  });

/** The sender address rule the merged config must meet (an empty one means the default sender). */
export const isSenderEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);
