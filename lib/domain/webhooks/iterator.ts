import { z } from "zod";
import { invalid } from "../errors";
import { beyondPosition, decodePosition, encodeToken, type Position } from "../paging";

// Svix-style iterator paging for the advanced webhook lists: `iterator` walks forward, `prevIterator` walks
// back, `done` says there is nothing after this page. Tokens are opaque keyset positions.

type Direction = "next" | "prev";

interface Cursor extends Position {
  dir: Direction;
}

function encode(row: { createdAt: Date; id: string }, dir: Direction): string {
  return encodeToken([row.createdAt.getTime(), row.id, dir]);
}

function decode(token: string): Cursor {
  const p = decodePosition(token);
  const dir = p?.rest[0];
  if (p && (dir === "next" || dir === "prev")) return { at: p.at, id: p.id, dir };
  throw invalid("iterator is invalid; pass back an iterator or prevIterator of the previous page unchanged.");
}

export const iteratorInput = {
  limit: z.number().int().min(1).max(250).default(50),
  iterator: z.string().max(500).optional(),
};

type Order = "asc" | "desc";
const flip = (o: Order): Order => (o === "asc" ? "desc" : "asc");

/** One page in `order` of (createdAt, id); `readRows` runs the query with the keyset bound the token gives. */
export async function iteratorPage<T extends { createdAt: Date; id: string }>(
  input: { limit: number; iterator?: string },
  order: Order,
  readRows: (bound: object, orderBy: { createdAt?: Order; id?: Order }[], take: number) => Promise<T[]>,
) {
  const cursor = input.iterator ? decode(input.iterator) : undefined;
  const backwards = cursor?.dir === "prev";
  const walk = backwards ? flip(order) : order;
  const bound = cursor ? beyondPosition("createdAt", cursor, walk) : {};
  const rows = await readRows(bound, [{ createdAt: walk }, { id: walk }], input.limit + 1);
  const more = rows.length > input.limit;
  const items = rows.slice(0, input.limit);
  if (backwards) items.reverse();
  const hasNext = backwards ? true : more;
  const hasPrev = backwards ? more : cursor !== undefined;
  const first = items[0];
  const last = items[items.length - 1];
  return {
    items,
    iterator: last && hasNext ? encode(last, "next") : null,
    prevIterator: first && hasPrev ? encode(first, "prev") : null,
    done: !hasNext || items.length === 0,
  };
}
