"use server";

import { z } from "zod";
import { getEmailConfig, getEmailConfigInput } from "@/lib/domain/email/get-email-config";
import { sendTestEmail } from "@/lib/domain/email/send-test-email";
import { updateEmailConfig, updateEmailConfigInput } from "@/lib/domain/email/update-email-config";
import { consoleAction } from "../action";

// A key's email settings through Get / Update Email Config (SendGrid key only ever masked), and a test mail to
// the signed-in user through the same path the trigger mails take.

export const getEmailConfigAction = consoleAction({
  access: "apiKey",
  input: getEmailConfigInput,
  run: (input, { scope, db }) => getEmailConfig(scope, input, db),
});

export const saveEmailConfigAction = consoleAction({
  access: "apiKey",
  input: updateEmailConfigInput,
  writes: true,
  run: (input, { scope, tx }) => updateEmailConfig(scope, input, tx),
});

/** The recipient is always the viewer: the console cannot be used to mail arbitrary addresses. */
export const sendTestEmailAction = consoleAction({
  access: "apiKey",
  input: z.strictObject({}),
  run: (_input, { scope, viewer, db }) => sendTestEmail(scope, { to: viewer.email }, db),
});
