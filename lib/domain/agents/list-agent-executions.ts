import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { beyondPosition, decodePageToken, encodePageToken } from "../paging";
import type { ApiKeyScope } from "../scope";
import { EXECUTION_STATUSES, executionView } from "./execution-view";

export const listAgentExecutionsInput = z.strictObject({
  agentId: z.string().min(1).max(128).optional(),
  documentId: z.string().min(1).max(512).optional(),
  organizationId: z.string().min(1).max(512).optional(),
  status: z.enum(EXECUTION_STATUSES).optional(),
  pageSize: z.number().int().min(1).max(500).default(50),
  cursor: z.string().min(1).max(500).optional(),
  orderDirection: z.enum(["asc", "desc"]).default("desc"),
});

/**
 * Keyset paging on (startedAt, id): the cursor is the last row served, so executions started between two
 * calls never shift a later page (in `desc` order they are newer than every cursor; in `asc` they come last).
 * Pass the cursor back with the same filters and orderDirection.
 */
export async function listAgentExecutions(
  scope: ApiKeyScope,
  input: z.output<typeof listAgentExecutionsInput>,
  tx: Reader,
) {
  const position = input.cursor ? decodePageToken(input.cursor, "cursor") : undefined;
  const dir = input.orderDirection;
  const rows = await tx.agentExecution.findMany({
    where: {
      apiKeyId: scope.apiKeyId,
      ...(input.agentId && { agentId: input.agentId }),
      ...(input.organizationId && { organizationId: input.organizationId }),
      ...(input.documentId && { documentId: input.documentId }),
      ...(input.status && { status: input.status }),
      ...(position && beyondPosition("startedAt", position, dir)),
    },
    orderBy: [{ startedAt: dir }, { id: dir }],
    take: input.pageSize + 1,
  });
  const page = rows.slice(0, input.pageSize);
  const hasMore = rows.length > input.pageSize;
  const last = page[page.length - 1];
  return {
    items: page.map(executionView),
    nextCursor: hasMore && last ? encodePageToken({ at: last.startedAt.getTime(), id: last.id }) : null,
    hasMore,
  };
}
