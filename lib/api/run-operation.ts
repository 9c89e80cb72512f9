import type { Scope } from "@/lib/domain/scope";
import { db } from "@/lib/infra/db";
import type { CallContext, Endpoint } from "./define-endpoint";

// Runs one registry operation for an authenticated scope and parsed input. The dispatcher calls it, and so
// does the console's generic action (lib/console/operation-action.ts): one path for both.

export async function runOperation(
  endpoint: Endpoint,
  input: unknown,
  scope: Scope,
  requestId: string,
  _clientIp: string,
): Promise<unknown> {
  const ctx: CallContext = { scope, requestId, db: db() };
  return endpoint.run(input, ctx);
}
