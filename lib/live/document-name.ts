import type { EditorKey } from "@/lib/domain/crdt/crdt-log";

// A live document is one CRDT editor row of one API key:
//   apiKey/organizationId/documentId/editorId, each part passed through encodeURIComponent
// Hocuspocus keys open documents by this name, so the API key in it keeps tenants apart.

export function documentName(k: EditorKey): string {
  return [k.apiKeyId, k.organizationId, k.documentId, k.editorId].map(encodeURIComponent).join("/");
}

/** The editor a name refers to, or undefined when it is not four non-empty, well-encoded parts. */
export function parseDocumentName(name: string): EditorKey | undefined {
  const parts = name.split("/");
  if (parts.length !== 4) return undefined;
  let decoded: string[];
  try {
    decoded = parts.map(decodeURIComponent);
  } catch {
    return undefined;
  }
  if (decoded.some((p) => p.length === 0 || p.length > 512)) return undefined;
  const [apiKeyId, organizationId, documentId, editorId] = decoded;
  return { apiKeyId, organizationId, documentId, editorId };
}

/**
 * Whether `name` is the one spelling documentName gives `key`. Hocuspocus opens one in-memory document per
 * name string, so a second spelling (`%5F` for `_`, `%2f` for `%2F`, a raw control character) of the same
 * editor would open a second document over the same row: its own size cap, and clients that never meet.
 */
export function isCanonicalDocumentName(name: string, key: EditorKey): boolean {
  try {
    return documentName(key) === name;
  } catch {
    // A lone surrogate cannot be encoded.
    return false;
  }
}
