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
  return p ? beyondPosition("createdAt", p, "asc") : {};
}

/** Rows strictly past the position in (`field`, id) order, walking up (asc) or down (desc). */
export function beyondPosition<F extends string>(field: F, p: Position, direction: "asc" | "desc") {
  const op = direction === "asc" ? "gt" : "lt";
  const at = new Date(p.at);
  type Past<T> = { gt: T } | { lt: T };
  const past = <T>(v: T) => ({ [op]: v }) as Past<T>;
  return { OR: [{ [field]: past(at) }, { [field]: at, id: past(p.id) }] } as { OR: ({ [K in F]: Past<Date> | Date } & { id?: Past<string> })[] };
}
