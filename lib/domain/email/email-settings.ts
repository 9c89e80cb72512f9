import { maskSecret, openSetting, secretAad } from "@/lib/infra/crypto";
import type { ServiceConfig } from "../api-keys/service-config";

export const emailKeyAad = (apiKeyId: string) => secretAad("ApiKey", "emailServiceConfig.apiKey", apiKeyId);

// The email config as stored in ApiKey.serviceConfig (`useEmailService`, `emailServiceConfig`), its defaults
// and its wire view. The SendGrid key is stored encrypted and shown masked.

/** The standard comment triggers, on when email is first enabled. */
export const STANDARD_COMMENT_TRIGGERS = [
  "comment_annotation.add",
  "comment.add",
  "comment_annotation.status_change",
  "comment_annotation.assign",
  "comment_annotation.priority_change",
] as const;

/** Huddle event types; all on when email is first enabled. */
export const HUDDLE_TRIGGERS = ["huddle.create", "huddle.join"] as const;

export function defaultEmailTriggers(): Record<string, boolean> {
  return Object.fromEntries([...STANDARD_COMMENT_TRIGGERS, ...HUDDLE_TRIGGERS].map((t) => [t, true]));
}

export type StoredEmailConfig = NonNullable<ServiceConfig["emailServiceConfig"]>;

export interface StoredEmail {
  useEmailService: boolean;
  emailServiceConfig: StoredEmailConfig;
}

export function storedEmail(config: ServiceConfig): StoredEmail {
  return {
    useEmailService: config.useEmailService === true,
    emailServiceConfig: { ...config.emailServiceConfig },
  };
}

/** The wire view: every string present ("" when unset), the key masked, triggers when stored. */
export function emailView(stored: StoredEmail, apiKeyId: string) {
  const c = stored.emailServiceConfig;
  const key = openSetting(c.apiKey, emailKeyAad(apiKeyId));
  return {
    useEmailService: stored.useEmailService,
    emailServiceConfig: {
      type: c.type ?? "default",
      apiKey: key ? maskSecret(key) : "",
      fromEmail: c.fromEmail ?? "",
      fromCompany: c.fromCompany ?? "",
      commentTemplateId: c.commentTemplateId ?? "",
      tagTemplateId: c.tagTemplateId ?? "",
      ...(c.triggers && { triggers: c.triggers }),
    },
  };
}

/**
 * How a key's mail goes out: through the workspace's own SendGrid key (type sendgrid/custom with a key), from
 * its fromEmail/fromCompany; otherwise through the instance mailer (WEFT_SENDGRID_API_KEY or the dev outbox).
 */
export function emailTransport(config: StoredEmailConfig, apiKeyId: string) {
  const key = openSetting(config.apiKey, emailKeyAad(apiKeyId));
  const own = config.type !== "default" && key !== "";
  return { own, sendOptions: own ? { sendgridApiKey: key } : {} };
}
