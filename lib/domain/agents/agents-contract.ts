import { z } from "zod";
import { AGENT_READS } from "./agent-fields";
import { EXECUTION_STATUSES } from "./execution-view";

// The agents area's output schemas.

export const agentOutput = z
  .object({
    agentId: z.string(),
    name: z.string(),
    model: z.string(),
    instruction: z.string(),
    reads: z.enum(AGENT_READS),
    version: z.number().int(),
    createdAt: z.number().describe("Epoch milliseconds."),
    updatedAt: z.number().describe("Epoch milliseconds."),
  })
  .meta({ id: "Agent" });

/** Get Agents' `data`. */
export const agentsPageOutput = z.object({ agents: z.array(agentOutput), nextPageToken: z.string().optional() });

export const executionOutput = z
  .object({
    id: z.string(),
    agentId: z.string(),
    agentName: z.string(),
    agentVersion: z.number().int(),
    status: z.enum(EXECUTION_STATUSES),
    message: z.string(),
    startedAt: z.number().describe("Epoch milliseconds; the sort key."),
    completedAt: z.number().nullable(),
    durationMs: z.number().nullable(),
    trigger: z.string(),
    metadata: z.object({ organizationId: z.string(), documentId: z.string().nullable() }).optional(),
  })
  .meta({ id: "AgentExecution" });

/** List Agent Executions' `result` (this endpoint's reply has no status/message/data wrapper). */
export const executionPageOutput = z.object({
  items: z.array(executionOutput),
  nextCursor: z.string().nullable().describe("Pass as cursor while hasMore is true; null on the last page."),
  hasMore: z.boolean(),
});
