import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { DomainError } from "../errors";
import type { ApiKeyScope } from "../scope";
import { agentFields, agentId, agentView } from "./agent-fields";

export const addAgentInput = z.strictObject({ agentId: agentId.optional(), ...agentFields });

export async function addAgent(scope: ApiKeyScope, input: z.output<typeof addAgentInput>, tx: Tx) {
  const { agentId: id = newId("agent"), ...fields } = input;
  const { count } = await tx.agent.createMany({
    data: [{ apiKeyId: scope.apiKeyId, id, ...fields }],
    skipDuplicates: true,
  });
  if (count === 0) throw new DomainError("ALREADY_EXISTS", "An agent with this agentId already exists.");
  const row = await tx.agent.findUniqueOrThrow({ where: { apiKeyId_id: { apiKeyId: scope.apiKeyId, id } } });
  return agentView(row);
}
