import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { listPageInput, pageArgs, takePage } from "../paging";
import type { ApiKeyScope } from "../scope";

// The console's view of a key's organizations, oldest first: each with its document count and state, and for
// one being deleted how far its purge has come (purge-job.ts counts the rows it removes).

export const listKeyOrganizationsInput = listPageInput;

export interface KeyOrganization {
  organizationId: string;
  name: string | null;
  disabled: boolean;
  documents: number;
  /** Present while the organization is being deleted. */
  purge?: { since: Date; purgedRows: number; purgeTotal: number | null };
}

export async function listKeyOrganizations(
  scope: ApiKeyScope,
  input: z.input<typeof listKeyOrganizationsInput>,
  db: Reader,
): Promise<{ organizations: KeyOrganization[]; nextPageToken?: string }> {
  const page = listKeyOrganizationsInput.parse(input);
  const rows = await db.organization.findMany({
    ...pageArgs(page, { apiKeyId: scope.apiKeyId }),
    select: {
      id: true,
      createdAt: true,
      organizationId: true,
      name: true,
      disabled: true,
      deletedAt: true,
      purgedRows: true,
      purgeTotal: true,
      _count: { select: { documents: true } },
    },
  });
  const { page: shown, nextPageToken } = takePage(rows, page.pageSize);
  return {
    organizations: shown.map((o) => ({
      organizationId: o.organizationId,
      name: o.name,
      disabled: o.disabled,
      documents: o._count.documents,
      ...(o.deletedAt && { purge: { since: o.deletedAt, purgedRows: o.purgedRows, purgeTotal: o.purgeTotal } }),
    })),
    nextPageToken,
  };
}
