import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { afterPosition, decodePageToken, encodePageToken } from "../paging";
import type { WorkspaceScope } from "../scope";

export const getApiKeysInput = z.strictObject({
  apiKeys: z.array(z.string().max(200)).max(100).optional(),
  pageSize: z.number().int().min(1).max(100).default(100),
  pageToken: z.string().max(500).optional(),
});

export async function getApiKeys(scope: WorkspaceScope, input: z.output<typeof getApiKeysInput>, tx: Tx) {
  const position = input.pageToken ? decodePageToken(input.pageToken) : undefined;
  const rows = await tx.apiKey.findMany({
    where: {
      workspaceId: scope.workspaceId,
      ...(input.apiKeys && { id: { in: input.apiKeys } }),
      ...afterPosition(position),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: input.pageSize + 1,
    select: { id: true, name: true, type: true, createdAt: true },
  });
  const page = rows.slice(0, input.pageSize);
  const last = page[page.length - 1];
  return {
    keys: page.map((k) => ({ id: k.id, apiKeyName: k.name, type: k.type })),
    nextPageToken: rows.length > input.pageSize && last ? encodePageToken({ at: last.createdAt.getTime(), id: last.id }) : undefined,
  };
}
