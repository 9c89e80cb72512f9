import { cachedCredential, credentialsChanged } from "@/lib/infra/credential-cache";
import type { Reader, Tx } from "@/lib/infra/db";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { ORGANIZATION_DELETING } from "./organization-scope";

// Organizations that Delete Organizations removed and the purge job is still clearing. Every operation that
// names one (a top-level organizationId) is refused as if it did not exist: the dispatcher and the console's
// operations ask before running (lib/api/run-operation.ts). The list of a key is kept with its verified
// credentials (lib/infra/credential-cache.ts), so a busy key pays no extra query; a delete and the end of a
// purge drop it on every instance through the notify bus, as a credential change does.

const cacheKey = (apiKeyId: string) => `apiKey:${apiKeyId}:deleted-organizations`;

function deletedOrganizations(db: Reader, apiKeyId: string): Promise<Set<string>> {
  return cachedCredential(cacheKey(apiKeyId), async () => {
    const rows = await db.organization.findMany({
      where: { apiKeyId, deletedAt: { not: null } },
      select: { organizationId: true },
    });
    return new Set(rows.map((r) => r.organizationId));
  });
}

/** Refuses an operation on an organization that is being deleted. */
export async function assertOrganizationNotDeleted(scope: ApiKeyScope, organizationId: string, db: Reader) {
  if ((await deletedOrganizations(db, scope.apiKeyId)).has(organizationId)) throw notFound(ORGANIZATION_DELETING);
}

/** In the transaction that deletes organizations of the key or finishes purging one: every instance forgets the list. */
export function deletedOrganizationsChanged(tx: Tx, apiKeyId: string) {
  return credentialsChanged(tx, `apiKey:${apiKeyId}`);
}
