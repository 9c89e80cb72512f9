import { createHash, randomBytes } from "node:crypto";
import type { Tx } from "@/lib/infra/db";
import { sendMail } from "@/lib/infra/outbound/mailer";
import { env, publicUrl } from "@/lib/infra/env";
import { subkey, tokenHash } from "@/lib/infra/crypto";
import { hitRateLimit } from "@/lib/infra/rate-limit";

// Console sign-in links in next-auth's email-provider format, so that a link from Send Login Link and one
// from the console's own sign-in form are the same thing: a VerificationToken row holding
// sha256(token + secret), and /api/auth/callback/email?callbackUrl=...&token=...&email=...

/** How long a link works (WEFT_LOGIN_LINK_TTL_S, 15 minutes by default); signing in uses it up. */
export function loginLinkMaxAgeSeconds(): number {
  return env().WEFT_LOGIN_LINK_TTL_S;
}

function validity(): string {
  const minutes = Math.floor(env().WEFT_LOGIN_LINK_TTL_S / 60);
  if (minutes % 60 === 0) return minutes === 60 ? "1 hour" : `${minutes / 60} hours`;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** The secret next-auth signs and hashes with, derived from WEFT_SECRET_KEY. */
export function authSecret(): string {
  return subkey("next-auth").toString("hex");
}

export function hashVerificationToken(token: string): string {
  return createHash("sha256").update(`${token}${authSecret()}`).digest("hex");
}

/**
 * One more login link for `address` (normalised), within WEFT_RATE_LIMIT_LOGIN_LINK_RECIPIENT? Send Login Link is
 * public and the per-IP limit does not stop many addresses mailing one victim from the operator's domain. The
 * counter's bucket holds the address's keyed hash, not the address.
 */
export function admitLoginLinkRecipient(address: string, tx?: Tx): Promise<boolean> {
  return hitRateLimit(`login-link-to:${tokenHash(address)}`, env().WEFT_RATE_LIMIT_LOGIN_LINK_RECIPIENT, tx);
}

export async function createLoginLink(tx: Tx, email: string, callbackUrl: string): Promise<string> {
  const token = randomBytes(32).toString("hex");
  await tx.verificationToken.create({
    data: {
      identifier: email,
      token: hashVerificationToken(token),
      expires: new Date(Date.now() + loginLinkMaxAgeSeconds() * 1000),
    },
  });
  const params = new URLSearchParams({ callbackUrl, token, email });
  return new URL(`/api/auth/callback/email?${params}`, publicUrl()).toString();
}

export function sendLoginEmail(email: string, url: string) {
  const host = publicUrl().host;
  return sendMail({
    to: email,
    subject: `Sign in to weft (${host})`,
    text:
      `Sign in to weft at ${host} with this link (valid for ${validity()}, once):\n\n${url}\n\n` +
      "If you did not ask for it, ignore this email.",
    html:
      `<p>Sign in to weft at <b>${host}</b>:</p><p><a href="${url}">Sign in</a></p>` +
      `<p>The link is valid for ${validity()}, once. If you did not ask for it, ignore this email.</p>`,
  });
}
