import type { z } from "zod";
import { InvalidInput, parseWith } from "@/lib/api/parse-input";
import { DomainError } from "@/lib/domain/errors";

// Every procedure takes `{ workspaceId?, apiKeyId?, data }`: what it acts on (read by the scope middleware,
// trpc.ts) and the operation's own input, mirroring the REST body's `data` member. These wrappers are the
// procedures' input parsers: Standard Schema objects around the zod schemas, which check the JSON limits and
// parse with the REST API's wording (lib/api/parse-input.ts) and report the failing field's path inside `data`.

/** The Standard Schema interface (standardschema.dev; the spec asks implementers to copy it, not import it). */
interface StandardSchemaV1<Input, Output> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value: Output; readonly issues?: undefined }
      | { readonly issues: readonly { readonly message: string; readonly path?: readonly PropertyKey[] }[] };
    readonly types?: { readonly input: Input; readonly output: Output };
  };
}

export type Level = "viewer" | "workspace" | "apiKey";

export type TargetOf<L extends Level> = L extends "apiKey"
  ? { workspaceId: string; apiKeyId: string }
  : L extends "workspace"
    ? { workspaceId: string }
    : object;

export type ScopedInput<L extends Level, S extends z.ZodType> = TargetOf<L> & {
  data: z.input<S>;
  /** A subscription's resume point: the id of the last event the client received (tRPC sets it on reconnect). */
  lastEventId?: string;
};

const TARGET_KEYS: Record<Level, readonly string[]> = {
  viewer: [],
  workspace: ["workspaceId"],
  apiKey: ["workspaceId", "apiKeyId"],
};

const issue = (message: string, path: PropertyKey[] = []) => ({ issues: [{ message, path }] });

/** The input parser of a procedure acting at `level` with `schema` as its `data`. */
export function scopedInput<L extends Level, S extends z.ZodType>(
  level: L,
  schema: S,
  invalidInputMessage?: string,
): StandardSchemaV1<ScopedInput<L, S>, { data: z.output<S>; lastEventId?: string }> {
  const allowed = new Set([...TARGET_KEYS[level], "data", "lastEventId"]);
  return {
    "~standard": {
      version: 1,
      vendor: "weft",
      validate(value) {
        if (typeof value !== "object" || value === null || Array.isArray(value)) {
          return issue('The input must be an object with a "data" member.');
        }
        const extra = Object.keys(value).filter((k) => !allowed.has(k));
        if (extra.length) return issue(`Unknown field${extra.length > 1 ? "s" : ""}: ${extra.join(", ")}.`);
        const { data, lastEventId } = value as { data?: unknown; lastEventId?: unknown };
        if (lastEventId !== undefined && (typeof lastEventId !== "string" || lastEventId.length > 200)) {
          return issue("lastEventId must be a string.", ["lastEventId"]);
        }
        try {
          return { value: { data: parseWith(schema, data ?? {}, invalidInputMessage), lastEventId } };
        } catch (e) {
          if (e instanceof InvalidInput) return issue(e.message, [...e.path]);
          // The JSON limits (a NUL, a lone surrogate, too deep): the message names the place.
          if (e instanceof DomainError && e.status === "INVALID_ARGUMENT") return issue(e.message);
          throw e;
        }
      },
    },
  };
}
