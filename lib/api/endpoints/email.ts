import { emailConfigOutput } from "@/lib/domain/email/email-contract";
import { getEmailConfig, getEmailConfigInput } from "@/lib/domain/email/get-email-config";
import { INVALID_EMAIL_CONFIG, updateEmailConfigInput } from "@/lib/domain/email/email-config-input";
import { updateEmailConfig } from "@/lib/domain/email/update-email-config";
import { defineEndpoint } from "../define-endpoint";

export const emailEndpoints = [
  defineEndpoint({
    path: "/v2/workspace/emailconfig/update",
    auth: "apiKey",
    summary:
      "Update Email Config. Merge-only; the first enable seeds type custom, the standard comment and huddle triggers and useEmailService true. The SendGrid key is stored encrypted and echoed masked.",
    input: updateEmailConfigInput,
    output: emailConfigOutput,
    message: "Email configuration updated successfully.",
    invalidInputMessage: INVALID_EMAIL_CONFIG,
    writes: true,
    run: (input, ctx) => updateEmailConfig(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/emailconfig/get",
    auth: "apiKey",
    summary: "Get Email Config, with the SendGrid key masked.",
    input: getEmailConfigInput,
    output: emailConfigOutput,
    message: "Email configuration retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getEmailConfig(ctx.scope, input, ctx.db),
  }),
];
