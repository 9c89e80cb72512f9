import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import { iteratorInput, iteratorPage } from "./iterator";

// The delivery log: messages newest first, each with where it went and how that stands.

export const getMessagesInput = z.strictObject({
  ...iteratorInput,
  endpointId: z.string().min(1).max(200).optional(),
  eventType: z.string().min(1).max(100).optional(),
});

/** The console also filters by a delivery's outcome (`success`, `failed`, `pending`, ...): not a REST input. */
export async function getMessages(
  scope: ApiKeyScope,
  input: z.output<typeof getMessagesInput>,
  tx: Reader,
  filter: { outcome?: string } = {},
) {
  const delivery = {
    ...(input.endpointId && { endpointId: input.endpointId }),
    ...(filter.outcome && { status: filter.outcome }),
  };
  const where = {
    apiKeyId: scope.apiKeyId,
    ...(input.eventType && { eventType: input.eventType }),
    ...(Object.keys(delivery).length > 0 && { deliveries: { some: delivery } }),
  };
  const page = await iteratorPage(input, "desc", (bound, orderBy, take) =>
    tx.webhookMessage.findMany({
      where: { AND: [where, bound] },
      orderBy,
      take,
      include: { deliveries: { orderBy: { createdAt: "asc" } } },
    }),
  );
  return {
    messages: page.items.map((m) => ({
      id: m.id,
      eventId: m.eventId,
      eventType: m.eventType,
      payload: m.payload as Record<string, unknown>,
      timestamp: m.createdAt.toISOString(),
      deliveries: m.deliveries.map((d) => ({
        target: d.target,
        endpointId: d.endpointId,
        url: d.url,
        status: d.status,
        attempts: d.attemptCount,
        nextAttemptAt: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
        lastError: d.lastError,
      })),
    })),
    iterator: page.iterator,
    prevIterator: page.prevIterator,
    done: page.done,
  };
}
