import type { z } from "zod";
import type { Scope } from "@/lib/domain/scope";
import type { Db, Tx } from "@/lib/infra/db";

export type AuthLevel = "public" | "workspace" | "apiKey";

export type { Scope };

export type ScopeFor<A extends AuthLevel> = Extract<Scope, { level: A }>;

export interface CallContext<A extends AuthLevel = AuthLevel> {
  scope: ScopeFor<A>;
  requestId: string;
  db: Db;
}

export interface Endpoint<
  A extends AuthLevel = AuthLevel,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  path: string;
  auth: A;
  summary: string;
  input: I;
  /** Schema of `result.data` (or of what `reply` receives). Undeclared fields are stripped on the way out. */
  output: O;
  /** The success message, byte-exact to the spec. */
  message: string;
  /** The body may omit `data` (treated as `{}`). */
  dataOptional?: boolean;
  run(input: z.output<I>, ctx: CallContext<A>): Promise<z.input<O>>;
  /** For the few endpoints whose `result` is not `{status, message, data}`. */
  reply?: {
    build(output: z.output<O>, message: string): Record<string, unknown>;
    /** Schema of `result`, for the OpenAPI document and the typed client. */
    schema: R;
  };
}

/** Declares one endpoint: the registry, dispatcher, OpenAPI document and typed client all read it. */
export function defineEndpoint<
  const P extends string,
  A extends AuthLevel,
  I extends z.ZodType,
  O extends z.ZodType,
  R extends z.ZodType = z.ZodNever,
>(e: Endpoint<A, I, O, R> & { path: P }): Endpoint<A, I, O, R> & { path: P } {
  return e;
}

/** `run` for an API-key service that writes: the call is one transaction, so a failed call writes nothing. */
export function transactional<I, O>(service: (scope: ScopeFor<"apiKey">, input: I, tx: Tx) => Promise<O>) {
  return (input: I, ctx: CallContext<"apiKey">) => ctx.db.$transaction((tx) => service(ctx.scope, input, tx));
}
