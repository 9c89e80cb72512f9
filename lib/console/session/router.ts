import { z } from "zod";
import { limitRate } from "@/lib/api/run-operation";
import { email } from "@/lib/domain/fields";
import { loginLinkRateLimit, mailLoginLink, sendLoginLink } from "@/lib/domain/login/send-login-link";
import { transaction } from "@/lib/infra/db";
import { publicUrl } from "@/lib/infra/env";
import { scopedInput } from "../router/scoped-input";
import { publicProcedure, router } from "../router/trpc";

// Signing in: a magic link to the address, the same link Send Login Link mails (one VerificationToken, one
// mailer, one per-address rate limit), which lands on `callbackUrl` (a path of this console) once followed.

export const requestLinkInput = z.strictObject({
  email,
  callbackUrl: z
    .string()
    .max(2000)
    .refine((p) => p.startsWith("/") && !p.startsWith("//") && !p.startsWith("/\\"), {
      error: "{path} must be a path of this console.",
    }),
});

export const sessionRouter = router({
  requestLink: publicProcedure.input(scopedInput("viewer", requestLinkInput)).mutation(async ({ ctx, input }) => {
    await limitRate(loginLinkRateLimit.bucket, loginLinkRateLimit.limit(), ctx.clientIp);
    const continueUrl = new URL(input.data.callbackUrl, publicUrl()).toString();
    const link = await transaction((tx) =>
      sendLoginLink({ level: "public", clientIp: ctx.clientIp }, { email: input.data.email, continueUrl }, tx),
    );
    await mailLoginLink(link);
    return { email: link.address };
  }),
});
