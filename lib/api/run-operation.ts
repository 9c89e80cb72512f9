import { exhausted } from "@/lib/domain/errors";
import { assertOrganizationNotDeleted } from "@/lib/domain/organizations/deleted-organizations";
import { db, transaction, type Tx } from "@/lib/infra/db";
import { hitRateLimit, type RateLimit } from "@/lib/infra/rate-limit";
import { clientNetwork } from "./client-ip";
import type { CallContext, Endpoint, ScopeFor } from "./define-endpoint";

// Runs one registry operation for an authenticated scope and parsed input: the rate limit, `prepare`, then
// `run` with a reader, or (`writes: true`) inside the one transaction, then `afterCommit`. An operation that
// names an organization being deleted (a top-level organizationId) is refused before anything runs. The dispatcher
// calls it; so can any other caller of a registry operation (the console). `inTransaction` runs in a writing
// call's transaction after `run`, so what it writes commits with the call (the Idempotency-Key mark).

export const RATE_LIMITED = "Rate limit exceeded for this endpoint. Try again later.";

/** One hit for `bucket` from this client address (IPv6: its /64); over the limit: RESOURCE_EXHAUSTED. */
export async function limitRate(bucket: string, limit: RateLimit, clientIp: string) {
  if (!(await hitRateLimit(`${bucket}:${clientNetwork(clientIp)}`, limit))) throw exhausted(RATE_LIMITED);
}

export async function runOperation(
  endpoint: Endpoint,
  input: unknown,
  scope: ScopeFor<Endpoint["auth"]>,
  requestId: string,
  clientIp: string,
  inTransaction?: (tx: Tx) => Promise<void>,
): Promise<unknown> {
  if (endpoint.rateLimit) await limitRate(endpoint.rateLimit.bucket, endpoint.rateLimit.limit(), clientIp);
  const organizationId = (input as { organizationId?: unknown } | undefined)?.organizationId;
  if (scope.level === "apiKey" && typeof organizationId === "string")
    await assertOrganizationNotDeleted(scope, organizationId, db());
  const prepared = endpoint.prepare ? await endpoint.prepare(input, { scope, requestId, db: db() }) : undefined;
  if (!endpoint.writes) return endpoint.run(input, { scope, requestId, db: db(), prepared } as CallContext);
  const result = await transaction(async (tx) => {
    const done = await endpoint.run(input, { scope, requestId, tx, prepared } as CallContext);
    if (inTransaction) await inTransaction(tx);
    return done;
  });
  return endpoint.afterCommit ? endpoint.afterCommit(result, { scope, requestId }) : result;
}
