import { z } from "zod";
import { isStorableText } from "@/lib/infra/storable-text";
import { invalid } from "./errors";

// Opaque page tokens: base64url of the keyset position (sort value + id) of the last row served, so a page
// stays correct when rows are inserted before it.

export interface Position {
  at: number;
  id: string;
}

/** The one token codec of every paged list: base64url of the JSON of the position. */
export function encodeToken(position: unknown): string {
  return Buffer.from(JSON.stringify(position)).toString("base64url");
}

/**
 * The position a token holds; undefined when it is not a token of ours. A token whose text PostgreSQL could not
 * store (a NUL, an unpaired surrogate: JSON escapes can spell both) is none of ours either.
 */
export function decodeToken(token: string): unknown {
  try {
    return JSON.parse(Buffer.from(token, "base64url").toString("utf8"), (_key, v: unknown) => {
      if (typeof v === "string" && !isStorableText(v)) throw new Error("unstorable text");
      return v;
    });
  } catch {
    return undefined;
  }
}

// The range of a JavaScript Date: a position outside it would become an Invalid Date in the query.
const MAX_TIME = 8.64e15;

/** Whether `at` and `id` can be a keyset position: an integer time a Date can hold and a string id. */
export function isPosition(at: unknown, id: unknown): boolean {
  return typeof at === "number" && Number.isSafeInteger(at) && Math.abs(at) <= MAX_TIME && typeof id === "string";
}

/** The keyset position `[at, id, ...rest]` of a token, or undefined. */
export function decodePosition(token: string): (Position & { rest: unknown[] }) | undefined {
  const value = decodeToken(token);
  if (!Array.isArray(value)) return undefined;
  const [at, id, ...rest] = value as unknown[];
  return isPosition(at, id) ? { at: at as number, id: id as string, rest } : undefined;
}

export function encodePageToken(p: Position): string {
  return encodeToken([p.at, p.id]);
}

export function decodePageToken(token: string, field = "pageToken"): Position {
  const p = decodePosition(token);
  if (p) return { at: p.at, id: p.id };
  throw invalid(`${field} is invalid; pass back the token of the previous page unchanged.`);
}

/** Rows strictly after the position in (createdAt, id) order. */
export function afterPosition(p: Position | undefined) {
  return p ? beyondPosition("createdAt", p, "asc") : {};
}

/**
 * Rows strictly past the position in (`field`, id) order, walking up (asc) or down (desc). The redundant
 * bound on `field` gives the index scan its start, so a deep page costs what the first page costs.
 */
export function beyondPosition<F extends string>(field: F, p: Position, direction: "asc" | "desc") {
  const op = direction === "asc" ? "gt" : "lt";
  const at = new Date(p.at);
  type Past<T> = { gt: T } | { lt: T };
  const past = <T>(v: T) => ({ [op]: v }) as Past<T>;
  const bound = { [field]: direction === "asc" ? { gte: at } : { lte: at } };
  return { ...bound, OR: [{ [field]: past(at) }, { [field]: at, id: past(p.id) }] } as {
    OR: ({ [K in F]: Past<Date> | Date } & { id?: Past<string> })[];
  } & { [K in F]: { gte: Date } | { lte: Date } };
}

/** The `where` part for rows after the page a token names (none without a token). */
export const afterToken = (token: string | undefined) => afterPosition(token ? decodePageToken(token) : undefined);

/** `pageSize` of the list operations: 1 to `max`, default `max` (Get Users and Get Documents: 1000). */
export const pageSizeField = (max = 1000) => z.number().int().min(1).max(max).default(max);
export const pageTokenField = z.string().max(500);

/**
 * Splits rows fetched with `take: pageSize + 1` into the page and the token of the next one (undefined on
 * the last page).
 */
export function takePage<T extends { createdAt: Date; id: string }>(rows: T[], pageSize: number) {
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  const nextPageToken =
    rows.length > pageSize && last ? encodePageToken({ at: last.createdAt.getTime(), id: last.id }) : undefined;
  return { page, nextPageToken };
}

/** The keyset order every paged list uses. */
export const pageOrder = [{ createdAt: "asc" as const }, { id: "asc" as const }];

/** The input fields of a paged list whose pages hold up to 1,000 rows (the default). */
export const pagingInput = { pageSize: pageSizeField(), pageToken: pageTokenField.optional() };

/** findMany arguments for the page after the token's position: `where`, keyset order, one row more than the page. */
export function pageArgs<W extends object>(input: { pageSize: number; pageToken?: string }, where: W) {
  return { where: { AND: [where, afterToken(input.pageToken) as W] }, orderBy: pageOrder, take: input.pageSize + 1 };
}

/** The input of the console's paged lists (pages of 20 by default, at most 100). */
export const listPageInput = z.strictObject({
  pageSize: z.number().int().min(1).max(100).default(20),
  pageToken: pageTokenField.optional(),
});
export type ListPageInput = z.output<typeof listPageInput>;
