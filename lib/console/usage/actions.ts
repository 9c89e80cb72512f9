"use server";

import { z } from "zod";
import { getFirstCallStatus } from "@/lib/domain/usage/get-usage";
import { listRequestLog, listRequestLogInput } from "@/lib/domain/usage/list-request-log";
import { consoleAction } from "../action";

// A key's traffic as the console shows it: the request log and the getting-started check (console-only reads).

export const listRequestLogAction = consoleAction({
  access: "apiKey",
  input: listRequestLogInput,
  run: (input, { scope, db }) => listRequestLog(scope, input, db),
});

export const firstCallAction = consoleAction({
  access: "apiKey",
  input: z.strictObject({}),
  run: (_input, { scope, db }) => getFirstCallStatus(scope, db),
});
