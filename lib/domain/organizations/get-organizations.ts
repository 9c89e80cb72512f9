import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { requireAdvancedQueries } from "../advanced-queries";
import { clientId } from "../fields";
import { pageArgs, pagingInput, takePage } from "../paging";
import type { ApiKeyScope } from "../scope";

export const getOrganizationsInput = z.strictObject({
  organizationIds: z.array(clientId).max(30).optional(),
  ...pagingInput,
});

export async function getOrganizations(scope: ApiKeyScope, input: z.output<typeof getOrganizationsInput>, tx: Reader) {
  await requireAdvancedQueries(scope, tx);
  return listOrganizations(scope, input, tx);
}

/** A page of the key's organizations (deleted ones left out), whatever the key's advanced queries switch says. */
export async function listOrganizations(scope: ApiKeyScope, input: z.output<typeof getOrganizationsInput>, tx: Reader) {
  const rows = await tx.organization.findMany({
    ...pageArgs(input, {
      apiKeyId: scope.apiKeyId,
      deletedAt: null,
      ...(input.organizationIds && { organizationId: { in: input.organizationIds } }),
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
