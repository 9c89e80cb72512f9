import { z } from "zod";

// The Standard Webhooks body weft sends for an event, {type, timestamp, data}: built here for real events
// (webhook-consumer.ts), console test events and the event catalog's examples alike.

export interface PayloadSource {
  type: string;
  /** Epoch milliseconds. */
  timestamp: number;
  data: Record<string, unknown>;
}

export function webhookPayload(event: PayloadSource) {
  return { type: event.type, timestamp: new Date(event.timestamp).toISOString(), data: event.data };
}

/** The schema of the body of one event type, given the schema of its `data`. */
export function webhookPayloadSchema(type: string, data: z.ZodType) {
  return z.strictObject({
    type: z.literal(type),
    timestamp: z.iso.datetime().describe("When the change happened (ISO 8601, UTC)."),
    data,
  });
}
