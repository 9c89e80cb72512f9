import type { Db } from "@/lib/infra/db";
import { z } from "zod";
import { defineJob, type JobContext } from "@/lib/infra/jobs/define-job";
import { SECOND } from "@/lib/infra/jobs/retry-policy";
import { storableError } from "@/lib/infra/storable-text";
import { callModel } from "../ai/call-model";
import { readDocumentText } from "../crdt/read-document-text";
import { verdictOf, withVerdictInstruction } from "./agent-verdict";
import type { ExecutionStatus } from "./execution-view";

// The background half of an agent run: read the input, ask the model, record how it ended.

type Outcome = { status: Exclude<ExecutionStatus, "running">; message: string };

interface Execution {
  id: string;
  apiKeyId: string;
  model: string;
  instruction: string;
  reads: string;
  organizationId: string | null;
  documentId: string | null;
  editorId: string | null;
  inputText: string | null;
}

async function outcomeOf(e: Execution, db: Db): Promise<Outcome> {
  let input: string | undefined;
  if (e.reads === "crdt") {
    input = await readDocumentText(
      e.apiKeyId,
      { organizationId: e.organizationId ?? "", documentId: e.documentId ?? "", editorId: e.editorId },
      db,
    );
    if (input === undefined) return { status: "skipped", message: "Nothing to read: the document has no CRDT data." };
  } else {
    input = e.inputText ?? "";
  }
  if (!input.trim()) return { status: "skipped", message: "Nothing to read: the input text is empty." };
  const answer = await callModel(
    e.apiKeyId,
    { model: e.model, prompt: withVerdictInstruction(e.instruction), text: input },
    db,
  );
  if (!answer.success) return { status: "error", message: answer.error };
  return { status: verdictOf(answer.text), message: answer.text };
}

export async function executeAgent({ executionId }: { executionId: string }, { db }: Pick<JobContext, "db">) {
  const execution = await db.agentExecution.findFirst({ where: { id: executionId, status: "running" } });
  if (!execution) return; // already finished (a retried job)
  // Provider failures come back as outcomes; anything else that goes wrong here (a bad stored document, a
  // bug) ends the execution as `error` too, instead of leaving it `running` once the job's retries run out.
  const outcome = await outcomeOf(execution, db).catch((e: unknown): Outcome => ({
    status: "error",
    message: `The agent could not run: ${storableError(e)}`,
  }));
  const completedAt = new Date();
  await db.agentExecution.updateMany({
    where: { id: executionId, apiKeyId: execution.apiKeyId, status: "running" },
    data: { ...outcome, completedAt, durationMs: Math.max(0, completedAt.getTime() - execution.startedAt.getTime()) },
  });
}

export const executeAgentJob = defineJob({
  kind: "agents.execute",
  payload: z.object({ executionId: z.string() }),
  retry: { delaysMs: [5 * SECOND, 10 * SECOND] },
  run: executeAgent,
});
