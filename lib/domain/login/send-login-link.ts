import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { env, publicUrl } from "@/lib/infra/env";
import { DomainError, exhausted, invalid } from "../errors";
import { assertNotDisposable } from "../disposable-email";
import { email, normalizeEmail } from "../fields";
import type { PublicScope } from "../scope";
import { admitLoginLinkRecipient, createLoginLink, sendLoginEmail } from "./login-link";

const TOO_MANY_LINKS = "Too many login links were sent to this address. Try again later.";

export const sendLoginLinkInput = z.strictObject({
  email,
  continueUrl: z.string().max(2000),
});

function allowedContinueUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid("Invalid url for continueUrl");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw invalid("Invalid url for continueUrl");
  if (url.hostname !== "localhost" && url.hostname !== publicUrl().hostname) {
    throw invalid("The continueUrl domain is not allowed.");
  }
  return url.toString();
}

/** Counted per client address before the call (the dispatcher's `rateLimit`); the sign-in form shares it. */
export const loginLinkRateLimit = { bucket: "login-link", limit: () => env().WEFT_RATE_LIMIT_LOGIN_LINK };

/** Stores the link's token; `mailLoginLink` sends it once that has committed. */
export async function sendLoginLink(_scope: PublicScope, input: z.output<typeof sendLoginLinkInput>, tx: Tx) {
  const address = normalizeEmail(input.email);
  const continueUrl = allowedContinueUrl(input.continueUrl);
  assertNotDisposable(address);
  if (!(await admitLoginLinkRecipient(address, tx))) throw exhausted(TOO_MANY_LINKS);
  return { address, link: await createLoginLink(tx, address, continueUrl) };
}

export async function mailLoginLink({ address, link }: { address: string; link: string }) {
  const sent = await sendLoginEmail(address, link);
  if (sent.status === "failed")
    throw new DomainError("UNAVAILABLE", "The login email could not be sent. Try again later.");
  return null;
}
