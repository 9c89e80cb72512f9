import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { advancedQueriesDisabled, requireAdvancedQueries } from "../advanced-queries";
import { clientId } from "../fields";
import { JsonText } from "../json-text";
import { decodePageToken, encodePageToken, pagingInput } from "../paging";
import type { ApiKeyScope } from "../scope";
import { readDocumentsPage } from "./documents-store";

export const getDocumentsInput = z.strictObject({
  organizationId: clientId,
  documentIds: z.array(clientId).max(30).optional(),
  folderId: clientId.optional(),
  ...pagingInput,
});

/**
 * One page of the organization's documents (filters combine), oldest first; `id` is the client's documentId. The
 * page comes as the JSON text the store wrote (documentOutput's fields).
 */
export async function getDocuments(scope: ApiKeyScope, input: z.output<typeof getDocumentsInput>, tx: Reader) {
  let position;
  try {
    position = input.pageToken ? decodePageToken(input.pageToken) : undefined;
  } catch (e) {
    await requireAdvancedQueries(scope, tx); // a key without advanced queries hears that first
    throw e;
  }
  const page = await readDocumentsPage(tx, {
    apiKeyId: scope.apiKeyId,
    organizationId: input.organizationId,
    documentIds: input.documentIds,
    folderId: input.folderId,
    after: position && { at: new Date(position.at), id: position.id },
    pageSize: input.pageSize,
  });
  if (!page.allowed) throw advancedQueriesDisabled(scope);
  return {
    documents: new JsonText(page.json ?? "[]"),
    pageToken: page.more ? encodePageToken({ at: Number(page.lastAt), id: page.lastId! }) : undefined,
  };
}
