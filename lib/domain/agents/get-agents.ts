import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { afterPosition, decodePageToken, encodePageToken } from "../paging";
import type { ApiKeyScope } from "../scope";
import { agentId, agentView } from "./agent-fields";

export const getAgentsInput = z.strictObject({
  agentIds: z.array(agentId).min(1).max(30).optional(),
  pageSize: z.number().int().min(1).max(100).default(100),
  pageToken: z.string().max(500).optional(),
});

export async function getAgents(scope: ApiKeyScope, input: z.output<typeof getAgentsInput>, tx: Reader) {
  const position = input.pageToken ? decodePageToken(input.pageToken) : undefined;
  const rows = await tx.agent.findMany({
    where: {
      apiKeyId: scope.apiKeyId,
      ...(input.agentIds && { id: { in: input.agentIds } }),
      ...afterPosition(position),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: input.pageSize + 1,
  });
  const page = rows.slice(0, input.pageSize);
  const last = page[page.length - 1];
  return {
    agents: page.map(agentView),
    nextPageToken:
      rows.length > input.pageSize && last ? encodePageToken({ at: last.createdAt.getTime(), id: last.id }) : undefined,
  };
}
