import { z } from "zod";
import { invalid } from "./errors";

// Batch operations: at most MAX_BATCH items per call; each item succeeds or fails on its own, and the reply
// is keyed by the item's client id.

export const MAX_BATCH = 1000;

/** A batch field: 1 to MAX_BATCH items ("users must contain at most 1000 items."). */
export function batchOf<T extends z.ZodType>(item: T) {
  return z.array(item).min(1).max(MAX_BATCH);
}

/** An empty object to key by client ids: null prototype, so `__proto__` or `constructor` is an id like any other. */
export function byClientId<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * z.record keyed by client ids that keeps a `__proto__` id. zod's record skips that key (assigning it on the
 * plain object it builds would replace the prototype), so the parse is wrapped: that entry's value is parsed
 * on its own and the result rebuilt as a null-prototype object in the input's key order. The JSON schema is
 * the plain record's; `meta` is applied before wrapping because zod's meta() and describe() clone.
 */
export function clientIdRecord<V extends z.ZodType>(value: V, meta?: { id?: string; description?: string }) {
  const schema = meta ? z.record(z.string(), value).meta(meta) : z.record(z.string(), value);
  const parse = schema._zod.parse;
  const keepProto: typeof parse = (payload, ctx) => {
    const input = payload.value as Record<string, unknown>;
    const proto = typeof input === "object" && input !== null && Object.hasOwn(input, "__proto__");
    const result = parse(payload, ctx);
    if (!proto) return result;
    if (result instanceof Promise) throw new Error("clientIdRecord: async value schemas are not supported.");
    const own = value._zod.run({ value: input["__proto__"], issues: [] }, ctx);
    if (own instanceof Promise) throw new Error("clientIdRecord: async value schemas are not supported.");
    for (const iss of own.issues) result.issues.push({ ...iss, path: ["__proto__", ...(iss.path ?? [])] });
    const parsed = result.value as Record<string, unknown>;
    const out = byClientId<unknown>();
    for (const key of Object.keys(input)) {
      if (key === "__proto__") out[key] = own.value;
      else if (Object.hasOwn(parsed, key)) out[key] = parsed[key];
    }
    result.value = out;
    return result;
  };
  // Without checks, zod's run() is the original parse itself rather than a call through _zod.parse.
  if (schema._zod.run === parse) schema._zod.run = keepProto;
  schema._zod.parse = keepProto;
  return schema;
}

/** Why an item failed, where the reference names it (v1 Delete Documents): retryable only when `internal`. */
export const itemCodes = ["not-found", "already-exists", "internal"] as const;

/** A batch reply: each item's outcome, keyed by the item's client id. */
export const itemResults = clientIdRecord(
  z.object({
    success: z.boolean(),
    id: z.string().optional(),
    message: z.string(),
    code: z.enum(itemCodes).optional(),
  }),
  { id: "ItemResults" },
);

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
