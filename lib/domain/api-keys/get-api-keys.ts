import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { pageArgs, takePage } from "../paging";
import type { WorkspaceScope } from "../scope";

export const getApiKeysInput = z.strictObject({
  apiKeys: z.array(z.string().max(200)).max(100).optional(),
  pageSize: z.number().int().min(1).max(100).default(100),
  pageToken: z.string().max(500).optional(),
});

export async function getApiKeys(scope: WorkspaceScope, input: z.output<typeof getApiKeysInput>, tx: Reader) {
  const rows = await tx.apiKey.findMany({
    ...pageArgs(input, { workspaceId: scope.workspaceId, ...(input.apiKeys && { id: { in: input.apiKeys } }) }),
    select: { id: true, name: true, type: true, createdAt: true },
  });
  const { page, nextPageToken } = takePage(rows, input.pageSize);
  return { keys: page.map((k) => ({ id: k.id, apiKeyName: k.name, type: k.type })), nextPageToken };
}
