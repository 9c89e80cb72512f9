import type { z } from "zod";
import type { Endpoint } from "./define-endpoint";
import type { EndpointList } from "./registry";

// A typed client for weft's REST API, derived from the registry (types only: importing it pulls in no
// server code). `call` returns the whole `result` object; failures throw WeftApiError.
//
//   const weft = createWeftClient({ baseUrl: "http://localhost:3000", apiKey, authToken });
//   const r = await weft.call("/v2/workspace/domains/get", {});

type Entry = EndpointList[number];
export type ApiPath = Entry["path"];
type ByPath<P extends ApiPath> = Extract<Entry, { path: P }>;
export type ApiInput<P extends ApiPath> = z.input<ByPath<P>["input"]>;
/** What the operation's domain verb answers (`result.data` for most operations; what `reply` shapes for the rest). */
export type ApiOutput<P extends ApiPath> = z.output<ByPath<P>["output"]>;
type ReplySchema<E> = E extends { reply?: { schema: infer S } } ? S : z.ZodNever;
export type ApiResult<P extends ApiPath> =
  ReplySchema<ByPath<P>> extends z.ZodNever
    ? { status: "success"; message: string; data: z.output<ByPath<P>["output"]> }
    : z.output<ReplySchema<ByPath<P>>>;

export interface WeftClientOptions {
  baseUrl: string;
  workspaceId?: string;
  workspaceAuthToken?: string;
  apiKey?: string;
  authToken?: string;
  fetch?: typeof fetch;
}

export class WeftApiError extends Error {
  constructor(
    readonly status: string,
    message: string,
    readonly httpStatus: number,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "WeftApiError";
  }
}

function headersFor(auth: Endpoint["auth"], o: WeftClientOptions): Record<string, string> {
  const h: Record<string, string> = { "content-type": "application/json" };
  if (auth === "workspace") {
    if (o.workspaceId) h["x-service-workspace-id"] = o.workspaceId;
    if (o.workspaceAuthToken) h["x-service-workspace-auth-token"] = o.workspaceAuthToken;
  } else if (auth === "apiKey") {
    if (o.apiKey) h["x-service-api-key"] = o.apiKey;
    if (o.authToken) h["x-service-auth-token"] = o.authToken;
  }
  return h;
}

/** Sends both credential pairs that are set; the server reads the pair its endpoint needs. */
export function createWeftClient(options: WeftClientOptions) {
  const doFetch = options.fetch ?? fetch;
  return {
    /** `idempotencyKey`: a retry with the same key and data gets the first reply (docs/idempotency.md). */
    async call<P extends ApiPath>(
      path: P,
      data: ApiInput<P>,
      callOptions: { idempotencyKey?: string } = {},
    ): Promise<ApiResult<P>> {
      const headers: Record<string, string> = { ...headersFor("workspace", options), ...headersFor("apiKey", options) };
      if (callOptions.idempotencyKey !== undefined) headers["idempotency-key"] = callOptions.idempotencyKey;
      const res = await doFetch(new URL(path, options.baseUrl), {
        method: "POST",
        headers,
        body: JSON.stringify({ data }),
      });
      const body = (await res.json()) as {
        result?: ApiResult<P>;
        status?: string;
        error?: { status: string; message: string; details?: unknown };
      };
      // Delete All User Data answers its result at the top level, not wrapped in `result`.
      const result = body.result ?? (body.status === "success" ? (body as ApiResult<P>) : undefined);
      if (body.error || !result) {
        throw new WeftApiError(
          body.error?.status ?? "UNKNOWN",
          body.error?.message ?? `HTTP ${res.status}`,
          res.status,
          body.error?.details,
        );
      }
      return result;
    },
  };
}
