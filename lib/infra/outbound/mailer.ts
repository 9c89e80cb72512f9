import { Client } from "@sendgrid/client";
import { MailService } from "@sendgrid/mail";
import { db } from "../db";
import { env } from "../env";
import { errorFields, log } from "../log";
import { newId } from "../ids";
import { countMail } from "../metrics/outcomes";
import { storableError } from "../storable-text";

// One mailer: SendGrid when an API key is configured (WEFT_SENDGRID_API_KEY, or a workspace's own key),
// otherwise the dev outbox table, which the server log prints and `npx weft outbox:list` shows.
// Every mail is recorded with its outcome.

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
  /** Display name beside `from` (SendGrid sends). */
  fromName?: string;
  /** A SendGrid dynamic template: it renders the mail from `dynamicTemplateData`. */
  templateId?: string;
  dynamicTemplateData?: Record<string, unknown>;
}

export interface MailResult {
  id: string;
  transport: "sendgrid" | "outbox";
  status: "sent" | "stored" | "failed";
  error?: string;
  /** SendGrid's HTTP status on failure; absent when no answer came. */
  code?: number;
}

function sendgrid(apiKey: string): MailService {
  const client = new Client();
  client.setApiKey(apiKey);
  const base = env().WEFT_SENDGRID_API_URL;
  if (base) client.setDefaultRequest("baseUrl", base);
  const service = new MailService();
  service.setClient(client);
  return service;
}

export async function sendMail(mail: Mail, opts: { sendgridApiKey?: string } = {}): Promise<MailResult> {
  const id = newId("mail");
  const from = mail.from ?? env().WEFT_MAIL_FROM;
  const apiKey = opts.sendgridApiKey ?? env().WEFT_SENDGRID_API_KEY;
  let result: MailResult;
  if (!apiKey) {
    result = { id, transport: "outbox", status: "stored" };
    log.info("mail stored in the dev outbox", { id, to: mail.to, subject: mail.subject, text: mail.text });
  } else {
    try {
      const sender = mail.fromName ? { email: from, name: mail.fromName } : from;
      await sendgrid(apiKey).send(
        mail.templateId
          ? {
              to: mail.to,
              from: sender,
              subject: mail.subject,
              templateId: mail.templateId,
              dynamicTemplateData: mail.dynamicTemplateData,
            }
          : { to: mail.to, from: sender, subject: mail.subject, text: mail.text, html: mail.html },
      );
      result = { id, transport: "sendgrid", status: "sent" };
    } catch (e) {
      const code = (e as { code?: number }).code;
      result = {
        id,
        transport: "sendgrid",
        status: "failed",
        error: code ? `SendGrid answered ${code}` : storableError(e),
        code,
      };
      log.warn("mail send failed", { id, to: mail.to, ...errorFields(e), stack: undefined });
    }
  }
  countMail(result);
  await db().outboxMail.create({
    // Only the dev outbox keeps bodies (they may hold sign-in links); SendGrid sends are kept as outcomes.
    data: {
      id,
      to: mail.to,
      from,
      subject: mail.subject,
      text: result.transport === "outbox" ? mail.text : "",
      html: result.transport === "outbox" ? mail.html : null,
      transport: result.transport,
      status: result.status,
      error: result.error,
    },
  });
  return result;
}
