import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { AGENT_NOT_FOUND, agentFields, agentId, agentView } from "./agent-fields";

export const updateAgentInput = z
  .strictObject({
    agentId,
    name: agentFields.name.optional(),
    model: agentFields.model.optional(),
    instruction: agentFields.instruction.optional(),
    reads: agentFields.reads.optional(),
  })
  .refine(({ agentId: _id, ...changes }) => Object.values(changes).some((v) => v !== undefined), {
    error: "At least one of name, model, instruction or reads must be provided.",
  });

/** Every update makes a new version; executions keep the version they ran. */
export async function updateAgent(scope: ApiKeyScope, input: z.output<typeof updateAgentInput>, tx: Tx) {
  const { agentId: id, ...changes } = input;
  const { count } = await tx.agent.updateMany({
    where: { apiKeyId: scope.apiKeyId, id },
    data: { ...changes, version: { increment: 1 } },
  });
  if (count === 0) throw notFound(AGENT_NOT_FOUND);
  return agentView(await tx.agent.findUniqueOrThrow({ where: { apiKeyId_id: { apiKeyId: scope.apiKeyId, id } } }));
}
