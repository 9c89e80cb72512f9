import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { advancedQueriesDisabled, requireAdvancedQueries } from "../advanced-queries";
import { clientId } from "../fields";
import { decodePageToken, pagingInput, takePage } from "../paging";
import type { ApiKeyScope } from "../scope";
import { readDocumentsPage } from "./documents-store";

export const getDocumentsInput = z.strictObject({
  organizationId: clientId,
  documentIds: z.array(clientId).max(30).optional(),
  folderId: clientId.optional(),
  ...pagingInput,
});

/** One page of the organization's documents (filters combine), oldest first; `id` is the client's documentId. */
export async function getDocuments(scope: ApiKeyScope, input: z.output<typeof getDocumentsInput>, tx: Reader) {
  let position;
  try {
    position = input.pageToken ? decodePageToken(input.pageToken) : undefined;
  } catch (e) {
    await requireAdvancedQueries(scope, tx); // a key without advanced queries hears that first
    throw e;
  }
  const rows = await readDocumentsPage(tx, {
    apiKeyId: scope.apiKeyId,
    organizationId: input.organizationId,
    documentIds: input.documentIds,
    folderId: input.folderId,
    after: position && { at: new Date(position.at), id: position.id },
    take: input.pageSize + 1,
  });
  if (!rows[0]?.allowed) throw advancedQueriesDisabled(scope);
  // With the flag on and no document, the one row has a null document.
  const found = rows[0].id === null ? [] : (rows as { id: string; createdAt: Date }[]);
  const { page, nextPageToken } = takePage(found, input.pageSize);
  return {
    documents: (page as typeof rows).map((d) => ({
      id: d.documentId!,
      documentName: d.documentName ?? undefined,
      disabled: d.disabled!,
      accessType: d.accessType!,
      folderId: d.folderId ?? undefined,
    })),
    pageToken: nextPageToken,
  };
}
