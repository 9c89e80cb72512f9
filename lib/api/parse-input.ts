import { DomainError } from "@/lib/domain/errors";
import type { Endpoint } from "./define-endpoint";
import { firstIssueMessage, issueMessage } from "./validation";

// An operation's input, parsed with its schema and worded like every REST refusal ("apiKeyName must not be
// empty."). The dispatcher and the console's generic action both parse here, so they refuse alike.

/** INVALID_ARGUMENT from the input schema; `field` names the first offending top-level field (for forms). */
export class InvalidInput extends DomainError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super("INVALID_ARGUMENT", message);
  }
}

export function parseInput(endpoint: Endpoint, data: unknown): unknown {
  const input = endpoint.input.safeParse(data, { error: issueMessage, reportInput: true });
  if (input.success) return input.data;
  const first = input.error.issues[0]?.path[0];
  throw new InvalidInput(firstIssueMessage(input.error), typeof first === "string" ? first : undefined);
}
