import { invalid } from "./errors";

// Opaque page tokens: base64url of the keyset position (sort value + id) of the last row served, so a page
// stays correct when rows are inserted before it.

export interface Position {
  at: number;
  id: string;
}

export function encodePageToken(p: Position): string {
  return Buffer.from(JSON.stringify([p.at, p.id])).toString("base64url");
}

export function decodePageToken(token: string, field = "pageToken"): Position {
  try {
    const [at, id] = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as unknown[];
    if (typeof at === "number" && Number.isFinite(at) && typeof id === "string") return { at, id };
  } catch {
    // fall through
  }
  throw invalid(`${field} is invalid; pass back the token of the previous page unchanged.`);
}

/** Rows strictly after the position in (createdAt, id) order. */
export function afterPosition(p: Position | undefined) {
  if (!p) return {};
  const at = new Date(p.at);
  return { OR: [{ createdAt: { gt: at } }, { createdAt: at, id: { gt: p.id } }] };
}
