"use server";

import { z } from "zod";
import { endpointIdInput } from "@/lib/domain/webhooks/endpoint-fields";
import { getEndpointHealth } from "@/lib/domain/webhooks/endpoint-health";
import { getMessages, getMessagesInput } from "@/lib/domain/webhooks/get-messages";
import { sendTestEvent } from "@/lib/domain/webhooks/send-test-event";
import { consoleAction } from "../action";

// The console's webhook dashboard reads and "Send test event": the REST API has none of them.

export const endpointHealthAction = consoleAction({
  access: "apiKey",
  input: z.strictObject({}),
  run: (_input, { scope, db }) => getEndpointHealth(scope, db),
});

export const sendTestEventAction = consoleAction({
  access: "apiKey",
  input: endpointIdInput,
  writes: true,
  run: (input, { scope, tx }) => sendTestEvent(scope, input, tx),
});

/** Get Messages with the console's outcome filter on top. */
export const deliveryLogAction = consoleAction({
  access: "apiKey",
  input: getMessagesInput.extend({
    outcome: z.enum(["success", "failed", "pending", "sending", "skipped"]).optional(),
  }),
  run: ({ outcome, ...input }, { scope, db }) => getMessages(scope, input, db, { outcome }),
});
