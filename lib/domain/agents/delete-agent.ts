import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { AGENT_NOT_FOUND, agentId } from "./agent-fields";

export const agentRefInput = z.strictObject({ agentId });

/** Removes the definition; its executions stay in the history. */
export async function deleteAgent(scope: ApiKeyScope, input: z.output<typeof agentRefInput>, tx: Tx) {
  const { count } = await tx.agent.deleteMany({ where: { apiKeyId: scope.apiKeyId, id: input.agentId } });
  if (count === 0) throw notFound(AGENT_NOT_FOUND);
  return null;
}
