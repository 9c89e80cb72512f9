import { z } from "zod";
import { isStorableText } from "@/lib/infra/storable-text";

// The console's search of a list: the rows whose id or name contains the text, ignoring case. Prisma's
// `contains` is a LIKE pattern that leaves % and _ as wildcards, so they (and LIKE's escape, \) are escaped.

/** What a person types in a list's search box; empty is no search. */
export const searchField = z
  .string()
  .trim()
  .max(200)
  .refine(isStorableText, { error: "search must be text PostgreSQL can store (no NUL)." })
  .optional();

/** The `where` part matching `search` in any of `fields` (none without a search). */
export function searchWhere<F extends string>(search: string | undefined, fields: readonly F[]) {
  if (!search) return {};
  const literal = search.replace(/[\\%_]/g, "\\$&");
  return { OR: fields.map((f) => ({ [f]: { contains: literal, mode: "insensitive" as const } })) } as {
    OR: { [K in F]?: { contains: string; mode: "insensitive" } }[];
  };
}
