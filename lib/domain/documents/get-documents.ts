import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { requireAdvancedQueries } from "../advanced-queries";
import { clientId } from "../fields";
import { pageArgs, pagingInput, takePage } from "../paging";
import type { ApiKeyScope } from "../scope";

export const getDocumentsInput = z.strictObject({
  organizationId: clientId,
  documentIds: z.array(clientId).max(30).optional(),
  folderId: clientId.optional(),
  ...pagingInput,
});

/** One page of the organization's documents (filters combine), oldest first; `id` is the client's documentId. */
export async function getDocuments(scope: ApiKeyScope, input: z.output<typeof getDocumentsInput>, tx: Reader) {
  await requireAdvancedQueries(scope, tx);
  const rows = await tx.document.findMany({
    ...pageArgs(input, {
      apiKeyId: scope.apiKeyId,
      organizationId: input.organizationId,
      ...(input.documentIds && { documentId: { in: input.documentIds } }),
      ...(input.folderId !== undefined && { folderId: input.folderId }),
    }),
    select: {
      id: true,
      documentId: true,
      documentName: true,
      folderId: true,
      accessType: true,
      disabled: true,
      createdAt: true,
    },
  });
  const { page, nextPageToken } = takePage(rows, input.pageSize);
  return {
    documents: page.map((d) => ({
      id: d.documentId,
      documentName: d.documentName ?? undefined,
      disabled: d.disabled,
      accessType: d.accessType,
      folderId: d.folderId ?? undefined,
    })),
    pageToken: nextPageToken,
  };
}
