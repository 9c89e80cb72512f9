import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { beyondPosition, decodePageToken, pageSizeField, pageTokenField } from "./paging";

// Paged lists sorted by timestamp in either direction (Get Notifications v2, Get Activity Logs): the same
// opaque keyset tokens as lib/domain/paging.ts, walking (createdAt, id) up or down.

export const orderField = z.enum(["asc", "desc"]).default("desc");

export const orderedPagingInput = {
  pageSize: pageSizeField(),
  pageToken: pageTokenField.optional(),
  order: orderField,
};

export function orderedPageArgs<W extends object>(
  input: { pageSize: number; pageToken?: string; order: "asc" | "desc" },
  where: W,
) {
  const after = input.pageToken ? beyondPosition("createdAt", decodePageToken(input.pageToken), input.order) : {};
  return {
    where: { AND: [where, after as W] },
    orderBy: [{ createdAt: input.order as Prisma.SortOrder }, { id: input.order as Prisma.SortOrder }],
    take: input.pageSize + 1,
  };
}
