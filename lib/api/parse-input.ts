import type { z } from "zod";
import { DomainError } from "@/lib/domain/errors";
import type { Endpoint } from "./define-endpoint";
import { checkJsonLimits } from "./json-limits";
import { firstIssueMessage, issueMessage } from "./validation";

// An operation's input, checked against the JSON limits (json-limits.ts), parsed with its schema and worded like
// every REST refusal ("apiKeyName must not be empty."). The dispatcher and the console's router both parse here,
// so they refuse alike.

/** INVALID_ARGUMENT from the input schema; `field` names the first offending field's path (for forms). */
export class InvalidInput extends DomainError {
  constructor(
    message: string,
    readonly path: readonly PropertyKey[],
    details?: unknown,
  ) {
    super("INVALID_ARGUMENT", message, details);
  }

  /** The first offending top-level field, if the input is an object. */
  get field(): string | undefined {
    return typeof this.path[0] === "string" ? this.path[0] : undefined;
  }
}

/**
 * Checks `data` against the JSON limits and parses it with `schema` the way every REST refusal words it;
 * `invalidInputMessage` (an endpoint whose spec fixes the refusal's message) replaces the reason, which then goes
 * in `details`.
 */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown, invalidInputMessage?: string): z.output<S> {
  checkJsonLimits(data);
  const input = schema.safeParse(data, { error: issueMessage, reportInput: true });
  if (input.success) return input.data;
  const path = input.error.issues[0]?.path ?? [];
  const reason = firstIssueMessage(input.error);
  if (invalidInputMessage) throw new InvalidInput(invalidInputMessage, path, { reason });
  throw new InvalidInput(reason, path);
}

export function parseInput(endpoint: Endpoint, data: unknown): unknown {
  return parseWith(endpoint.input, data, endpoint.invalidInputMessage);
}
