import { z } from "zod";
import { invalid } from "./errors";

// Batch operations: at most MAX_BATCH items per call; each item succeeds or fails on its own, and the reply
// is keyed by the item's client id.

export const MAX_BATCH = 1000;

/** A batch field: 1 to MAX_BATCH items ("users must contain at most 1000 items."). */
export function batchOf<T extends z.ZodType>(item: T) {
  return z.array(item).min(1).max(MAX_BATCH);
}

/** A batch reply: each item's outcome, keyed by the item's client id. */
export const itemResults = z
  .record(z.string(), z.object({ success: z.boolean(), id: z.string().optional(), message: z.string() }))
  .meta({ id: "ItemResults" });

export type ItemResults = z.infer<typeof itemResults>;
export type ItemResult = ItemResults[string];

/**
 * The reply is keyed by id, so one id twice in a batch could not report two outcomes: refuse it, naming
 * both positions.
 */
export function assertDistinct(ids: readonly string[], field: string, key?: string) {
  const seen = new Map<string, number>();
  ids.forEach((id, i) => {
    const first = seen.get(id);
    const at = (n: number) => (key ? `${field}[${n}].${key}` : `${field}[${n}]`);
    if (first !== undefined) throw invalid(`${at(i)} repeats ${at(first)}.`);
    seen.set(id, i);
  });
}
