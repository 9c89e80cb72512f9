import { Webhook } from "standardwebhooks";

// Standard Webhooks headers: webhook-id, webhook-timestamp (unix seconds) and webhook-signature, one
// `v1,<base64 HMAC-SHA256>` per secret, space separated (the new and, during a rotation, the old secret).

export function signatureHeaders(messageId: string, body: string, secrets: string[], at = new Date()) {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, at, body));
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
