import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { sendMail } from "@/lib/infra/outbound/mailer";
import { readServiceConfig } from "../api-keys/service-config";
import { DomainError } from "../errors";
import type { ApiKeyScope } from "../scope";
import { emailTransport, storedEmail } from "./email-settings";

// A test mail through the key's trigger mail path (emailTransport: the workspace's SendGrid key and sender, or
// the instance mailer), so a bad key or sender shows before real notifications depend on it. Not gated on
// useEmailService: checking the setup before switching it on is the point.

export const sendTestEmailInput = z.strictObject({ to: z.email().max(254) });

export async function sendTestEmail(scope: ApiKeyScope, input: z.output<typeof sendTestEmailInput>, client: Reader) {
  const config = storedEmail(await readServiceConfig(client, scope.apiKeyId)).emailServiceConfig;
  const { own, sendOptions } = emailTransport(config, scope.apiKeyId);
  const company = own ? (config.fromCompany ?? "") : "";
  const headline = "Test email from weft";
  const result = await sendMail(
    {
      to: input.to,
      subject: company ? `${company}: ${headline}` : headline,
      text: `${headline}\n\nThis is a test of the email settings of API key ${scope.apiKeyId}. Comment and mention notifications are sent the same way.`,
      ...(own && config.fromEmail && { from: config.fromEmail }),
      ...(own && company && { fromName: company }),
    },
    sendOptions,
  );
  if (result.status === "failed")
    throw new DomainError("UNAVAILABLE", `The test email could not be sent: ${result.error ?? "unknown error"}.`);
  return { to: input.to, transport: result.transport, status: result.status, mailId: result.id };
}
