import { z } from "zod";

// Reply shapes several areas share.

/** A v1 read has no paging: it answers the first page of its v2 twin at the largest page size, without a token. */
export const V1_PAGE = 1000;

type PagedShape<T extends string, S extends z.ZodType> = {
  status: z.ZodLiteral<"success">;
  message: z.ZodString;
  data: S;
} & Record<T, z.ZodOptional<z.ZodString>>;

/**
 * A list whose next-page token sits beside `data` in `result` (`pageToken` or `nextPageToken`, by endpoint),
 * left out on the last page. Spread into an endpoint: `...paged("users", "nextPageToken", schema)`; `run`
 * returns `{ [dataKey]: ..., [tokenKey]?: ... }`.
 */
export function paged<D extends string, T extends string, S extends z.ZodType>(dataKey: D, tokenKey: T, data: S) {
  const output = z.object({ [dataKey]: data, [tokenKey]: z.string().optional() } as Record<D, S> &
    Record<T, z.ZodOptional<z.ZodString>>);
  const shape = {
    status: z.literal("success"),
    message: z.string(),
    data,
    [tokenKey]: z.string().optional().describe("Present only when another page exists."),
  } as PagedShape<T, S>;
  return {
    output,
    reply: {
      build: (out: z.output<typeof output>, message: string) => {
        const values = out as Record<string, unknown>;
        return {
          status: "success",
          message,
          data: values[dataKey],
          ...(values[tokenKey] ? { [tokenKey]: values[tokenKey] } : {}),
        };
      },
      schema: z.object(shape),
    },
  };
}

/** A reply without `data` (`result{status, message}`): spread into an endpoint whose output is z.null(). */
export function noData<M extends string>(message: M) {
  return {
    reply: {
      build: (_out: null, msg: string) => ({ status: "success", message: msg }),
      schema: z.object({ status: z.literal("success"), message: z.literal(message) }),
    },
  };
}
