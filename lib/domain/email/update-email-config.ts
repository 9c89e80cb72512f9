import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { DomainError } from "../errors";
import { lockServiceConfig, writeServiceConfig } from "../api-keys/service-config";
import type { ApiKeyScope } from "../scope";
import { openSetting, sealSetting } from "@/lib/infra/crypto";
import { INVALID_EMAIL_CONFIG, isSenderEmail, TRIGGER_NAME, type updateEmailConfigInput } from "./email-config-input";
import { defaultEmailTriggers, emailKeyAad, emailView, storedEmail, type StoredEmailConfig } from "./email-settings";

/**
 * Merge-only update. The first enable (useEmailService true, or type custom, while no triggers are stored)
 * seeds type custom, the default triggers and useEmailService true under what is stored and what was sent.
 */
export async function updateEmailConfig(scope: ApiKeyScope, input: z.output<typeof updateEmailConfigInput>, tx: Tx) {
  const config = await lockServiceConfig(tx, scope);
  const stored = storedEmail(config);
  const sent = input.emailServiceConfig ?? {};
  const { triggers: sentTriggers, apiKey: sentKey, ...sentFields } = sent;

  const firstEnable = (input.useEmailService === true || sent.type === "custom") && !stored.emailServiceConfig.triggers;
  let next: StoredEmailConfig = { ...stored.emailServiceConfig };
  let useEmailService = stored.useEmailService;
  if (firstEnable) {
    next = { type: "custom", ...next, triggers: defaultEmailTriggers() };
    useEmailService = true;
  }
  next = { ...next, ...sentFields };
  if (sentTriggers) next.triggers = { ...next.triggers, ...sentTriggers };
  const aad = emailKeyAad(scope.apiKeyId);
  if (sentKey !== undefined && !isMaskOfStoredKey(sentKey, next.apiKey, aad)) next.apiKey = sealSetting(sentKey, aad);
  if (input.useEmailService !== undefined) useEmailService = input.useEmailService;

  const fromEmail = next.fromEmail ?? "";
  if (fromEmail && !isSenderEmail(fromEmail))
    throw invalidConfig("emailServiceConfig.fromEmail is not an email address.");
  const badTrigger = Object.keys(next.triggers ?? {}).find((t) => !TRIGGER_NAME.test(t));
  if (badTrigger !== undefined) throw invalidConfig(`emailServiceConfig.triggers has an unknown event: ${badTrigger}.`);
  if (next.type === "sendgrid" && !next.apiKey) throw invalidConfig("type sendgrid needs emailServiceConfig.apiKey.");

  const result = { useEmailService, emailServiceConfig: next };
  await writeServiceConfig(tx, scope, { ...config, ...result });
  return emailView(result, scope.apiKeyId);
}

/** The spec's one message for every refusal; the reason goes in `details`. */
function invalidConfig(reason: string) {
  return new DomainError("INVALID_ARGUMENT", INVALID_EMAIL_CONFIG, { reason });
}

/** Get Email Config shows the key masked; sending that mask back leaves the stored key as it is. */
function isMaskOfStoredKey(sent: string, sealed: string | undefined, aad: string): boolean {
  const stored = openSetting(sealed, aad);
  return sent.startsWith("****") && stored !== "" && stored.endsWith(sent.slice(4));
}
