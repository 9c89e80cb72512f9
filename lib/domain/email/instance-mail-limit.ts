import { env } from "@/lib/infra/env";
import type { Tx } from "@/lib/infra/db";
import type { EventUser } from "../events/event";
import { countInstanceMail, isKnownRecipient } from "./email-store";
import { emailTransport, type StoredEmailConfig } from "./email-settings";

// Trigger mail through the instance's SendGrid key (WEFT_SENDGRID_API_KEY: a key whose email type is default,
// or has no key of its own) goes only to users the key knows, and at most WEFT_EMAIL_DAILY_LIMIT mails per
// workspace per UTC day, counted in the database (every instance shares the count). Otherwise any workspace
// could relay mail to any address under the instance's sender reputation. A workspace with its own SendGrid
// key is limited by its provider only; the dev outbox (no instance key) sends nothing anywhere.

export const UNKNOWN_RECIPIENT =
  "The recipient is not a user of this organization with this email address (Add Users); weft's own mailer only mails known users.";

export const dailyLimitReached = (limit: number) =>
  `The workspace reached its daily limit of ${limit} mails through weft's own mailer (WEFT_EMAIL_DAILY_LIMIT). Configure the key's own SendGrid key to send more.`;

/** The mail would go out through the instance's SendGrid key. */
export function viaInstanceSendgrid(config: StoredEmailConfig, apiKeyId: string): boolean {
  return !emailTransport(config, apiKeyId).own && env().WEFT_SENDGRID_API_KEY !== undefined;
}

export type Admission = { admitted: true } | { admitted: false; reason: string };

/** Checks the recipient and counts the mail against the workspace's day; the count commits with `tx`. */
export async function admitInstanceMail(
  tx: Tx,
  org: { apiKeyId: string; organizationId: string },
  recipient: EventUser & { email: string },
): Promise<Admission> {
  if (!(await isKnownRecipient(tx, org, recipient))) return { admitted: false, reason: UNKNOWN_RECIPIENT };
  const key = await tx.apiKey.findUnique({ where: { id: org.apiKeyId }, select: { workspaceId: true } });
  const limit = env().WEFT_EMAIL_DAILY_LIMIT;
  if (!key || !(await countInstanceMail(tx, key.workspaceId, limit))) {
    return { admitted: false, reason: dailyLimitReached(limit) };
  }
  return { admitted: true };
}
