import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import { foldedRows } from "./crdt-log";
import { requiredId } from "./crdt-input";
import { docFromState, readContent } from "./yjs-content";

export const getCrdtDataInput = z.strictObject({
  // The hosted API's messages for this endpoint have no closing period.
  organizationId: requiredId("organizationId", "Organization ID is required"),
  documentId: requiredId("documentId", "Document ID is required"),
  editorId: z.string().min(1).max(512).optional(),
});

/**
 * Every editor's content of the document (or the one editor asked for), with the Yjs state a client applies:
 * the current state, live edits acknowledged but not yet compacted included.
 */
export async function getCrdtData(scope: ApiKeyScope, input: z.output<typeof getCrdtDataInput>, tx: Reader) {
  const rows = await foldedRows(tx, scope.apiKeyId, input);
  return rows.map((row) => {
    const type = row.type;
    return {
      data: readContent(docFromState(row.state), type, row.contentKey),
      id: row.editorId,
      lastUpdate: row.updatedAt.toISOString(),
      lastUpdatedBy: row.lastUpdatedBy,
      sessionId: null,
      type,
      contentKey: row.contentKey,
      update: Buffer.from(row.state).toString("base64"),
    };
  });
}
