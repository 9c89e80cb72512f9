import { z } from "zod";

// Get / Update Email Config's `data`.

export const emailConfigOutput = z
  .object({
    useEmailService: z.boolean(),
    emailServiceConfig: z.object({
      type: z.string(),
      apiKey: z.string().describe('The SendGrid key, masked (****last4); "" when none is set.'),
      fromEmail: z.string(),
      fromCompany: z.string(),
      commentTemplateId: z.string(),
      tagTemplateId: z.string(),
      triggers: z.record(z.string(), z.boolean()).optional(),
    }),
  })
  .meta({ id: "EmailConfig" });
