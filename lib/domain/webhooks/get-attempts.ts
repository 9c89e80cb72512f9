import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import type { AttemptCause } from "./attempt-delivery";
import { iteratorInput, iteratorPage } from "./iterator";

// Every delivery attempt, newest first, for a message and/or an endpoint.

export const getAttemptsInput = z.strictObject({
  ...iteratorInput,
  messageId: z.string().min(1).max(200).optional(),
  endpointId: z.string().min(1).max(200).optional(),
});

export async function getAttempts(scope: ApiKeyScope, input: z.output<typeof getAttemptsInput>, tx: Reader) {
  const where = {
    apiKeyId: scope.apiKeyId,
    ...(input.messageId && { messageId: input.messageId }),
    ...(input.endpointId && { endpointId: input.endpointId }),
  };
  const page = await iteratorPage(input, "desc", (bound, orderBy, take) =>
    tx.webhookAttempt.findMany({ where: { AND: [where, bound] }, orderBy, take }),
  );
  return {
    attempts: page.items.map((a) => ({
      id: a.id,
      messageId: a.messageId,
      endpointId: a.endpointId,
      url: a.url,
      status: a.status,
      responseStatusCode: a.responseStatusCode,
      response: a.response,
      error: a.error,
      durationMs: a.durationMs,
      trigger: a.trigger,
      attempt: a.number,
      cause: a.cause as AttemptCause,
      retry: a.retryNumber,
      timestamp: a.createdAt.toISOString(),
    })),
    iterator: page.iterator,
    prevIterator: page.prevIterator,
    done: page.done,
  };
}
