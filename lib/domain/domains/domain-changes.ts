import { z } from "zod";
import type { Reader, Tx } from "@/lib/infra/db";
import { normalizeDomainList } from "../api-keys/create-api-key";
import type { ApiKeyScope } from "../scope";
import type { DomainsInput } from "./domains-input";

async function storedAmong(tx: Reader, apiKeyId: string, domains: string[]): Promise<Set<string>> {
  const rows = await tx.apiKeyDomain.findMany({
    where: { apiKeyId, domain: { in: domains } },
    select: { domain: true },
  });
  return new Set(rows.map((r) => r.domain));
}

/** Adds the domains the key does not have yet; the rest are reported as skipped. */
export async function addDomains(scope: ApiKeyScope, input: DomainsInput, tx: Tx) {
  const domains = normalizeDomainList(input.domains, "domains");
  const existing = await storedAmong(tx, scope.apiKeyId, domains);
  const domainsAdded = domains.filter((d) => !existing.has(d));
  await tx.apiKeyDomain.createMany({
    data: domainsAdded.map((domain) => ({ apiKeyId: scope.apiKeyId, domain })),
    skipDuplicates: true,
  });
  return { domainsAdded, skippedDomains: domains.filter((d) => existing.has(d)) };
}

/** Removes the domains the key has; the rest are reported as skipped. */
export async function deleteDomains(scope: ApiKeyScope, input: DomainsInput, tx: Tx) {
  const domains = normalizeDomainList(input.domains, "domains");
  const existing = await storedAmong(tx, scope.apiKeyId, domains);
  const domainsRemoved = domains.filter((d) => existing.has(d));
  await tx.apiKeyDomain.deleteMany({ where: { apiKeyId: scope.apiKeyId, domain: { in: domainsRemoved } } });
  return { domainsRemoved, skippedDomains: domains.filter((d) => !existing.has(d)) };
}

export const getDomainsInput = z.strictObject({});

export async function getDomains(scope: ApiKeyScope, _input: z.output<typeof getDomainsInput>, tx: Reader) {
  const rows = await tx.apiKeyDomain.findMany({
    where: { apiKeyId: scope.apiKeyId },
    orderBy: { id: "asc" },
    select: { domain: true },
  });
  return { allowedDomains: rows.map((r) => r.domain) };
}
