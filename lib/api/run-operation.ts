import { DomainError } from "@/lib/domain/errors";
import type { Scope } from "@/lib/domain/scope";
import { db } from "@/lib/infra/db";
import type { CallContext, Endpoint } from "./define-endpoint";
import { firstIssueMessage, issueMessage } from "./validation";

// Runs one registry operation for an authenticated scope: parse the input with the operation's schema, run
// it, shape the output through the output schema (which strips undeclared fields). The REST dispatcher and
// the console's generic action both call it, so validation and transactions are the same on both paths.

/** INVALID_ARGUMENT from the input schema; `field` names the first offending top-level field (for forms). */
export class InvalidInput extends DomainError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super("INVALID_ARGUMENT", message);
  }
}

export async function runOperation(endpoint: Endpoint, scope: Scope, data: unknown, requestId: string) {
  const input = endpoint.input.safeParse(data, { error: issueMessage, reportInput: true });
  if (!input.success) {
    const first = input.error.issues[0]?.path[0];
    throw new InvalidInput(firstIssueMessage(input.error), typeof first === "string" ? first : undefined);
  }
  const ctx: CallContext = { scope, requestId, db: db() };
  return endpoint.output.parse(await endpoint.run(input.data, ctx));
}
