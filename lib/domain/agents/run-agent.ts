import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { newId } from "@/lib/infra/ids";
import { invalid, notFound } from "../errors";
import type { ApiKeyScope } from "../scope";
import { AGENT_NOT_FOUND, agentId } from "./agent-fields";
import { executeAgentJob } from "./execute-agent";
import { executionView } from "./execution-view";

export const runAgentInput = z.strictObject({
  agentId,
  organizationId: z.string().min(1).max(512).optional(),
  documentId: z.string().min(1).max(512).optional(),
  editorId: z.string().min(1).max(512).optional(),
  text: z.string().max(500_000).optional(),
});

type RunInput = z.output<typeof runAgentInput>;

function checkInputFor(reads: string, input: RunInput) {
  if (input.documentId && !input.organizationId) throw invalid("organizationId is required with documentId.");
  if (input.editorId && !input.documentId) throw invalid("documentId is required with editorId.");
  if (reads === "crdt") {
    if (!input.documentId) throw invalid("This agent reads CRDT data: organizationId and documentId are required.");
    if (input.text !== undefined) throw invalid("This agent reads CRDT data: text is not accepted.");
  } else if (input.text === undefined) {
    throw invalid("This agent reads a text given at run time: text is required.");
  }
}

/** Records the execution as `running` and leaves the model call to a background job. */
export async function runAgent(scope: ApiKeyScope, input: RunInput, tx: Tx) {
  const agent = await tx.agent.findUnique({ where: { apiKeyId_id: { apiKeyId: scope.apiKeyId, id: input.agentId } } });
  if (!agent) throw notFound(AGENT_NOT_FOUND);
  checkInputFor(agent.reads, input);
  const execution = await tx.agentExecution.create({
    data: {
      id: newId("exec"),
      apiKeyId: scope.apiKeyId,
      agentId: agent.id,
      agentName: agent.name,
      agentVersion: agent.version,
      model: agent.model,
      instruction: agent.instruction,
      reads: agent.reads,
      organizationId: input.organizationId,
      documentId: input.documentId,
      editorId: input.editorId,
      inputText: input.text,
      status: "running",
      message: "Running.",
      trigger: "standalone",
    },
  });
  await executeAgentJob.enqueue(tx, { executionId: execution.id });
  return executionView(execution);
}
