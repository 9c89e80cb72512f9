import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { requireAdvancedQueries } from "../advanced-queries";
import { clientId } from "../fields";
import { pageArgs, pagingInput, takePage } from "../paging";
import { searchWhere, searchField } from "../search";
import type { ApiKeyScope } from "../scope";

export const getOrganizationsInput = z.strictObject({
  organizationIds: z.array(clientId).max(30).optional(),
  ...pagingInput,
});

/** The console's browse of the organizations: Get Organizations' filters and a search in ids and names. */
export const browseOrganizationsInput = getOrganizationsInput.extend({ search: searchField });

export async function getOrganizations(scope: ApiKeyScope, input: z.output<typeof getOrganizationsInput>, tx: Reader) {
  await requireAdvancedQueries(scope, tx);
  return listOrganizations(scope, input, tx);
}

/**
 * A page of the key's organizations (deleted ones left out), whatever the key's advanced queries switch says;
 * with `search`, those whose id or name contains it.
 */
export async function listOrganizations(
  scope: ApiKeyScope,
  input: z.output<typeof getOrganizationsInput> & { search?: string },
  tx: Reader,
) {
  const rows = await tx.organization.findMany({
    ...pageArgs(input, {
      apiKeyId: scope.apiKeyId,
      deletedAt: null,
      ...(input.organizationIds && { organizationId: { in: input.organizationIds } }),
      ...searchWhere(input.search, ["organizationId", "name"]),
    }),
    select: { id: true, organizationId: true, name: true, disabled: true, createdAt: true },
  });
  const { page, nextPageToken } = takePage(rows, input.pageSize);
  return {
    organizations: page.map((o) => ({
      id: o.organizationId,
      organizationName: o.name ?? undefined,
      disabled: o.disabled,
    })),
    nextPageToken,
  };
}
