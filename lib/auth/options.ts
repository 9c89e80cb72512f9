import "server-only";
import { PrismaAdapter } from "@next-auth/prisma-adapter";
import type { AuthOptions } from "next-auth";
import type { EmailConfig } from "next-auth/providers/email";
import { email as emailSchema, normalizeEmail } from "@/lib/domain/fields";
import { authSecret, loginLinkMaxAgeSeconds, sendLoginEmail } from "@/lib/domain/login/login-link";
import { markMemberJoined } from "@/lib/domain/teams/mark-member-joined";
import { db } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { withHashedSessions } from "./hashed-sessions";
import { isDisposableAddress, loginErrorUrl, redirectTarget } from "./rules";

// next-auth v4 for the console: email magic links, sessions in the database (ConsoleSession, by keyed hash:
// hashed-sessions.ts).
//
// The email provider is written by hand: `next-auth/providers/email` requires nodemailer at load time.
// Its links go through weft's mailer (SendGrid or the dev outbox) via `sendLoginEmail`, the same function
// the Send Login Link endpoint uses, and next-auth hashes its tokens with `authSecret()`, as
// `createLoginLink` does: a link from either place is the same kind of link.
//
// Options are built per call, never at import: `next build` imports the route and page modules, and the
// adapter, the secret and the mailer all need the started runtime (database, WEFT_SECRET_KEY).

function emailProvider(): EmailConfig {
  return {
    id: "email",
    type: "email",
    name: "Email",
    server: {},
    from: env().WEFT_MAIL_FROM,
    maxAge: loginLinkMaxAgeSeconds(),
    options: {},
    // Same normalisation as the REST endpoint (trim + lower case), so both create the same user.
    normalizeIdentifier(identifier: string) {
      const address = normalizeEmail(identifier);
      if (!emailSchema.safeParse(address).success) throw new Error("Invalid email address format.");
      return address;
    },
    async sendVerificationRequest({ identifier, url }) {
      const sent = await sendLoginEmail(identifier, url);
      // next-auth turns a throw into ?error=EmailSignin for the form.
      if (sent.status === "failed") throw new Error(`login email not sent: ${sent.error ?? "unknown error"}`);
    },
  };
}

export function authOptions(): AuthOptions {
  return {
    adapter: withHashedSessions(PrismaAdapter(db())),
    secret: authSecret(),
    // A session ends WEFT_CONSOLE_SESSION_TTL_S after sign-in however active it is: updateAge = maxAge means
    // next-auth never extends it (its default: 30 days, extended on every daily use).
    session: {
      strategy: "database",
      maxAge: env().WEFT_CONSOLE_SESSION_TTL_S,
      updateAge: env().WEFT_CONSOLE_SESSION_TTL_S,
    },
    providers: [emailProvider()],
    // The landing page is the sign-in page, the "check your email" notice and the error page.
    pages: { signIn: "/", verifyRequest: "/?sent=1", error: "/" },
    callbacks: {
      signIn({ user, email }) {
        // Asking for a link: the same address rule as the REST endpoint.
        if (email?.verificationRequest && user.email && isDisposableAddress(user.email)) {
          return loginErrorUrl("EmailDomain");
        }
        return true;
      },
      redirect({ url, baseUrl }) {
        return redirectTarget(url, baseUrl);
      },
    },
    events: {
      async signIn({ user, isNewUser }) {
        log.info("console sign-in", { userId: user.id, newUser: isNewUser ?? false });
        if (user.email) await markMemberJoined(db(), user.email);
      },
    },
    logger: {
      // Codes and messages only: next-auth's metadata can hold request data.
      error(code, metadata) {
        const error = metadata instanceof Error ? metadata : (metadata as { error?: unknown } | undefined)?.error;
        const message = error instanceof Error ? error.message : undefined;
        if (code === "SIGNIN_EMAIL_ERROR") log.warn("auth: email sign-in refused", { code, error: message });
        else log.error("auth error", { code, error: message });
      },
      warn(code) {
        log.warn("auth warning", { code });
      },
      debug() {},
    },
  };
}
