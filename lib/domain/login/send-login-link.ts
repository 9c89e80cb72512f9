import { z } from "zod";
import type { Db } from "@/lib/infra/db";
import { env, publicUrl } from "@/lib/infra/env";
import { hitRateLimit } from "@/lib/infra/rate-limit";
import { DomainError, exhausted, invalid } from "../errors";
import { assertNotDisposable } from "../disposable-email";
import { email, normalizeEmail } from "../fields";
import type { PublicScope } from "../scope";
import { RATE_LIMITED } from "../workspaces/create-workspace";
import { createLoginLink, sendLoginEmail } from "./login-link";

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

export async function sendLoginLink(scope: PublicScope, input: z.output<typeof sendLoginLinkInput>, db: Db) {
  if (!(await hitRateLimit(`login-link:${scope.clientIp}`, env().WEFT_RATE_LIMIT_LOGIN_LINK))) {
    throw exhausted(RATE_LIMITED);
  }
  const address = normalizeEmail(input.email);
  const continueUrl = allowedContinueUrl(input.continueUrl);
  assertNotDisposable(address);
  const link = await createLoginLink(db, address, continueUrl);
  const sent = await sendLoginEmail(address, link);
  if (sent.status === "failed") throw new DomainError("UNAVAILABLE", "The login email could not be sent. Try again later.");
  return null;
}
