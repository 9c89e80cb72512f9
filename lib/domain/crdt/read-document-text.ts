import type { Reader } from "@/lib/infra/db";
import { foldedRows } from "./crdt-log";
import { docFromState, readContent } from "./yjs-content";

/**
 * A document's CRDT content as one text for a model: text and XML as they are, maps and arrays as JSON,
 * editors in creation order separated by blank lines. Undefined when the document has no CRDT data.
 */
export async function readDocumentText(
  apiKeyId: string,
  ref: { organizationId: string; documentId: string; editorId?: string | null },
  tx: Reader,
): Promise<string | undefined> {
  const rows = await foldedRows(tx, apiKeyId, { ...ref, editorId: ref.editorId || undefined });
  if (!rows.length) return undefined;
  return rows
    .map((row) => {
      const content = readContent(docFromState(row.state), row.type, row.contentKey);
      return typeof content === "string" ? content : JSON.stringify(content, null, 2);
    })
    .join("\n\n");
}
