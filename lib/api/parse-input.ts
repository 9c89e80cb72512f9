import { DomainError } from "@/lib/domain/errors";
import type { Endpoint } from "./define-endpoint";
import { checkJsonLimits } from "./json-limits";
import { firstIssueMessage, issueMessage } from "./validation";

// An operation's input, checked against the JSON limits (json-limits.ts), parsed with its schema and worded like
// every REST refusal ("apiKeyName must not be empty."). The dispatcher and the console's generic action both
// parse here, so they refuse alike.

/** INVALID_ARGUMENT from the input schema; `field` names the first offending top-level field (for forms). */
export class InvalidInput extends DomainError {
  constructor(
    message: string,
    readonly field?: string,
    details?: unknown,
  ) {
    super("INVALID_ARGUMENT", message, details);
  }
}

export function parseInput(endpoint: Endpoint, data: unknown): unknown {
  checkJsonLimits(data);
  const input = endpoint.input.safeParse(data, { error: issueMessage, reportInput: true });
  if (input.success) return input.data;
  const first = input.error.issues[0]?.path[0];
  const field = typeof first === "string" ? first : undefined;
  const reason = firstIssueMessage(input.error);
  // An endpoint whose spec fixes the refusal's message keeps it; what was wrong goes in `details`.
  if (endpoint.invalidInputMessage) throw new InvalidInput(endpoint.invalidInputMessage, field, { reason });
  throw new InvalidInput(reason, field);
}
