"use server";

import { z } from "zod";
import { sendTestEmail } from "@/lib/domain/email/send-test-email";
import { consoleAction } from "../action";

// A test mail to the signed-in user through the same path the trigger mails take (the email settings
// themselves go through callOperation: Get / Update Email Config).

/** The recipient is always the viewer: the console cannot be used to mail arbitrary addresses. */
export const sendTestEmailAction = consoleAction({
  access: "apiKey",
  input: z.strictObject({}),
  run: (_input, { scope, viewer, db }) => sendTestEmail(scope, { to: viewer.email }, db),
});
