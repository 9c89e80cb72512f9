import { Prisma } from "@/lib/generated/prisma/client";
import { preparedRead, type Reader } from "@/lib/infra/db";

// The CRDT area's hot read: a document's editor rows, each with its not yet compacted live edits, in one
// prepared statement (lib/infra/db.ts).

export interface EditorRowWithLog {
  editorId: string;
  type: string;
  contentKey: string;
  state: Uint8Array;
  lastUpdatedBy: string;
  createdAt: Date;
  updatedAt: Date;
  /** The editor's logged updates in append order; null when the log holds none. */
  updates: Uint8Array[] | null;
  /** When the last of them was appended. */
  lastLoggedAt: Date | null;
}

/** Editor rows of a document (or the one named) in creation order, with their update logs. */
export function readEditorRowsWithLog(
  tx: Reader,
  apiKeyId: string,
  ref: { organizationId: string; documentId: string; editorId?: string },
): Promise<EditorRowWithLog[]> {
  return preparedRead<EditorRowWithLog>(
    tx,
    "crdt_editor_rows",
    Prisma.sql`
    SELECT d."editorId", d."type", d."contentKey", d."state", d."lastUpdatedBy", d."createdAt", d."updatedAt",
           l."updates", l."lastLoggedAt"
    FROM "CrdtDocument" d
    LEFT JOIN LATERAL (
      SELECT array_agg(u."update" ORDER BY u."id") AS "updates",
             (array_agg(u."createdAt" ORDER BY u."id" DESC))[1] AS "lastLoggedAt"
      FROM "CrdtUpdate" u
      WHERE u."apiKeyId" = d."apiKeyId" AND u."organizationId" = d."organizationId"
        AND u."documentId" = d."documentId" AND u."editorId" = d."editorId"
    ) l ON true
    WHERE d."apiKeyId" = ${apiKeyId} AND d."organizationId" = ${ref.organizationId}
      AND d."documentId" = ${ref.documentId} AND (${ref.editorId ?? null}::text IS NULL OR d."editorId" = ${ref.editorId ?? null})
    ORDER BY d."createdAt", d."editorId"`,
  );
}
