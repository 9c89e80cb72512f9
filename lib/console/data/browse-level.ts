// Where the Data page is, from its URL's search params: every level of the browser is a link.

export interface BrowseParams {
  org?: string | string[];
  folder?: string | string[];
  doc?: string | string[];
  q?: string | string[];
}

export interface DocumentFilter {
  organizationId: string;
  folderId?: string;
  search?: string;
}

export type BrowseLevel =
  | { kind: "organizations"; search?: string }
  | { kind: "organization"; filter: DocumentFilter }
  | { kind: "document"; document: { organizationId: string; documentId: string } };

/** A param given once and not blank (a repeated or empty one is as good as absent). */
const one = (v: string | string[] | undefined) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

export function browseLevel(params: BrowseParams): BrowseLevel {
  const organizationId = one(params.org);
  const documentId = one(params.doc);
  const search = one(params.q);
  if (!organizationId) return { kind: "organizations", search };
  if (documentId) return { kind: "document", document: { organizationId, documentId } };
  return { kind: "organization", filter: { organizationId, folderId: one(params.folder), search } };
}

/** The URL of a level: `base` (the Data page's path) with its search params. */
export function browseHref(base: string, params: { org?: string; folder?: string; doc?: string; q?: string }) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) query.set(k, v);
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}
