import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { notFound } from "../errors";
import { email, normalizeEmail } from "../fields";
import type { PublicScope } from "../scope";

// Get Email Verification Status. An owner's address is verified once a console login link sent to it has been
// used (next-auth sets ConsoleUser.emailVerified). weft does not suspend unverified workspaces, so there is
// nothing to reactivate; the verified message is the reference's all the same.

export const getEmailStatusInput = z.strictObject({ ownerEmail: email });

export const EMAIL_VERIFIED = "Email verified and workspace reactivated";
export const EMAIL_NOT_VERIFIED = "Email not yet verified";

/** Counted per client address, with the login link's limit: both are public and name an address. */
export const emailStatusRateLimit = { bucket: "email-status", limit: () => env().WEFT_RATE_LIMIT_LOGIN_LINK };

export async function getEmailStatus(_scope: PublicScope, input: z.output<typeof getEmailStatusInput>, db: Reader) {
  const ownerEmail = normalizeEmail(input.ownerEmail);
  const workspace = await db.workspace.findFirst({ where: { ownerEmail }, select: { id: true } });
  if (!workspace) throw notFound("User not found");
  const user = await db.user.findUnique({ where: { email: ownerEmail }, select: { emailVerified: true } });
  return { verified: Boolean(user?.emailVerified) };
}
