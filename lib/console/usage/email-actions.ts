"use server";

import { listEmailLog, listEmailLogInput } from "@/lib/domain/email/list-email-log";
import { consoleAction } from "../action";

/** The key's email log (a console-only read). */
export const listEmailLogAction = consoleAction({
  access: "apiKey",
  input: listEmailLogInput,
  run: (input, { scope, db }) => listEmailLog(scope, input, db),
});
