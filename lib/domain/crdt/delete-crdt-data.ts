import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import { requiredId } from "./crdt-input";

export const deleteCrdtDataInput = z.strictObject({
  organizationId: requiredId("organizationId", "Organization ID is required."),
  documentId: requiredId("documentId", "Document ID is required."),
  editorId: z.string().min(1).max(512).optional(),
});

/**
 * Deletes an editor's CRDT data (or that of every editor of the document): its stored state, its update log and
 * its saved versions. Returns the editors that had any, for closing their open live documents.
 */
export async function deleteCrdtData(scope: ApiKeyScope, input: z.output<typeof deleteCrdtDataInput>, tx: Tx) {
  const where = {
    apiKeyId: scope.apiKeyId,
    organizationId: input.organizationId,
    documentId: input.documentId,
    ...(input.editorId !== undefined && { editorId: input.editorId }),
  };
  const select = { editorId: true } as const;
  const [rows, logged, versions] = await Promise.all([
    tx.crdtDocument.findMany({ where, select }),
    tx.crdtUpdate.findMany({ where, select, distinct: ["editorId"] }),
    tx.crdtVersion.findMany({ where, select, distinct: ["editorId"] }),
  ]);
  await tx.crdtUpdate.deleteMany({ where });
  await tx.crdtVersion.deleteMany({ where });
  await tx.crdtDocument.deleteMany({ where });
  const editorIds = [...new Set([...rows, ...logged, ...versions].map((r) => r.editorId))].sort();
  return { editorIds };
}
