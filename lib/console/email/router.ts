import { z } from "zod";
import { listEmailLog, listEmailLogInput } from "@/lib/domain/email/list-email-log";
import { sendTestEmail } from "@/lib/domain/email/send-test-email";
import { listEmailDeliveries, listEmailDeliveriesInput } from "@/lib/domain/email/list-email-deliveries";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";
import { db } from "@/lib/infra/db";
import { scopedInput } from "../router/scoped-input";
import { apiKeyProcedure, operatorProcedure, router } from "../router/trpc";

// Email beyond Get / Update Email Config: a test mail, the key's email log, and the operator's view of every
// trigger mail (`weft email:list`).

export const emailRouter = router({
  /** The recipient is always the viewer: the console cannot be used to mail arbitrary addresses. */
  sendTest: apiKeyProcedure
    .input(scopedInput("apiKey", z.strictObject({})))
    .mutation(({ ctx }) => sendTestEmail(ctx.scope, { to: ctx.viewer.email }, db())),

  log: apiKeyProcedure
    .input(scopedInput("apiKey", listEmailLogInput))
    .query(({ ctx, input }) => listEmailLog(ctx.scope, input.data, db())),

  deliveries: operatorProcedure
    .input(scopedInput("viewer", listEmailDeliveriesInput))
    .query(({ input }) => listEmailDeliveries(OPERATOR_SCOPE, input.data, db())),
});
