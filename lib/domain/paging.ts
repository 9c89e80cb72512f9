import { z } from "zod";
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
  return pastPosition(p, "asc");
}

/** Rows strictly past the position in (createdAt, id) order, walking up (asc) or down (desc: newest first). */
export function pastPosition(p: Position | undefined, direction: "asc" | "desc") {
  if (!p) return {};
  const at = new Date(p.at);
  const past = <T>(v: T) => (direction === "asc" ? { gt: v } : { lt: v });
  return { OR: [{ createdAt: past(at) }, { createdAt: at, id: past(p.id) }] };
}

/**
 * Splits rows fetched with `take: pageSize + 1` into the page and the token of the next one (undefined on
 * the last page).
 */
export function takePage<T extends { createdAt: Date; id: string }>(rows: T[], pageSize: number) {
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  const nextPageToken = rows.length > pageSize && last ? encodePageToken({ at: last.createdAt.getTime(), id: last.id }) : undefined;
  return { page, nextPageToken };
}

/** The input of the console's paged lists. */
export const listPageInput = z.strictObject({
  pageSize: z.number().int().min(1).max(100).default(20),
  pageToken: z.string().max(500).optional(),
});
export type ListPageInput = z.output<typeof listPageInput>;
