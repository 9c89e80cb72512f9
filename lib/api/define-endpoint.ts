import type { z } from "zod";
import type { Scope } from "@/lib/domain/scope";
import type { Reader, Tx } from "@/lib/infra/db";
import type { RateLimit } from "@/lib/infra/rate-limit";

export type AuthLevel = "public" | "workspace" | "apiKey";

export type { Scope };

export type ScopeFor<A extends AuthLevel> = Extract<Scope, { level: A }>;

/** What a read operation's `run` gets: a reader, no transaction (reads are the hot path). */
export interface ReadContext<A extends AuthLevel = AuthLevel> {
  scope: ScopeFor<A>;
  requestId: string;
  db: Reader;
}

/** What a writing operation's `run` gets: the one transaction the dispatcher opened for the call. */
export interface WriteContext<A extends AuthLevel = AuthLevel> {
  scope: ScopeFor<A>;
  requestId: string;
  tx: Tx;
}

/** What `afterCommit` gets: the transaction is over. */
export interface CommitContext<A extends AuthLevel = AuthLevel> {
  scope: ScopeFor<A>;
  requestId: string;
}

export type CallContext<A extends AuthLevel = AuthLevel, W extends boolean = boolean, P = undefined> = (W extends true
  ? WriteContext<A>
  : ReadContext<A>) & { prepared: P };

export interface Endpoint<
  A extends AuthLevel = AuthLevel,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  W extends boolean = boolean,
  T = z.input<O>,
  P = undefined,
> {
  path: string;
  auth: A;
  summary: string;
  input: I;
  /** Schema of `result.data` (or of what `reply` receives). Undeclared fields are stripped on the way out. */
  output: O;
  /** The success message, byte-exact to the spec. */
  message: string;
  /** Every refusal of the input answers this exact message (the spec's); the reason goes in `details`. */
  invalidInputMessage?: string;
  /**
   * Where an apiKey endpoint's credentials are: the headers (default), or the body's `apiKey` and `authToken`
   * (v1 Generate Token). A missing or wrong pair in the body is INVALID_ARGUMENT "Auth token not found.".
   */
  credentials?: "body";
  /** The body may omit `data` (treated as `{}`). */
  dataOptional?: boolean;
  /**
   * The body may also be raw bytes (`Content-Type: application/octet-stream`): they become the input field
   * `field` (base64, as the JSON body would carry them) and the other fields come from the URL's query string.
   */
  binaryBody?: { field: string };
  /**
   * The operation writes: the dispatcher runs it in one transaction (`ctx.tx`), so a failed call writes
   * nothing. Without it, `run` gets a reader and no transaction is opened.
   */
  writes?: W;
  /** Counted per client address before `run` (after the input is parsed); over the limit: RESOURCE_EXHAUSTED. */
  rateLimit?: { bucket: string; limit(): RateLimit };
  /**
   * For a writing operation that must read before its transaction opens (Update CRDT Data computes its update
   * from the state as read, then merges it under a row lock): runs with a reader; `run` gets it as `ctx.prepared`.
   */
  prepare?(input: z.output<I>, ctx: ReadContext<A>): Promise<P>;
  run(input: z.output<I>, ctx: CallContext<A, W, P>): Promise<T>;
  /**
   * For a writing operation with an effect that must not happen inside its transaction (a mail that links
   * to the row just written, dropping cached credentials): runs once the transaction has committed, with
   * what `run` returned, and returns the reply's data. Its failure is the call's failure; the writes stay.
   */
  afterCommit?(result: T, ctx: CommitContext<A>): Promise<z.input<O>>;
  /**
   * The reply's purpose is a credential (an auth token, a signing secret, a user token): the console lets only
   * roles that may see secrets call it, and records each call in the workspace's audit log.
   */
  secret?: true;
  /** For the few endpoints whose `result` is not `{status, message, data}`. */
  reply?: {
    build(output: z.output<O>, message: string): Record<string, unknown>;
    /** Schema of `result`, for the OpenAPI document and the typed client. */
    schema: R;
    /** The body is what `build` returns, not wrapped in `result` (Delete All User Data), with this HTTP status. */
    unwrapped?: { httpStatus: number };
  };
}

/** Declares one endpoint: the registry, dispatcher, OpenAPI document and typed client all read it. */
export function defineEndpoint<
  const P extends string,
  A extends AuthLevel,
  I extends z.ZodType,
  O extends z.ZodType,
  R extends z.ZodType = z.ZodNever,
  W extends boolean = false,
  T = z.input<O>,
  Q = undefined,
>(e: Endpoint<A, I, O, R, W, T, Q> & { path: P }): Endpoint<A, I, O, R, W, T, Q> & { path: P } {
  return e;
}
