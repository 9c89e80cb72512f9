import { z } from "zod";
import { addAgent, addAgentInput } from "@/lib/domain/agents/add-agent";
import {
  agentOutput,
  agentsPageOutput,
  executionOutput,
  executionPageOutput,
} from "@/lib/domain/agents/agents-contract";
import { agentRefInput, deleteAgent } from "@/lib/domain/agents/delete-agent";
import { getAgents, getAgentsInput } from "@/lib/domain/agents/get-agents";
import { listAgentExecutions, listAgentExecutionsInput } from "@/lib/domain/agents/list-agent-executions";
import { runAgent, runAgentInput } from "@/lib/domain/agents/run-agent";
import { updateAgent, updateAgentInput } from "@/lib/domain/agents/update-agent";
import { defineEndpoint } from "../define-endpoint";

// List Agent Executions is the spec's; the definition and run endpoints are weft's own, in the same style
// (see docs/agents.md).

export const agentEndpoints = [
  defineEndpoint({
    path: "/v2/agents/add",
    auth: "apiKey",
    summary:
      "Add Agent (weft): name, model, instruction and what it reads (crdt: a document's CRDT content; text: a text given at run time). Version 1.",
    input: addAgentInput,
    output: agentOutput,
    message: "Agent added successfully.",
    writes: true,
    run: (input, ctx) => addAgent(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/agents/get",
    auth: "apiKey",
    summary: "Get Agents (weft): all of the key's agents or those named, oldest first, paged with pageToken.",
    input: getAgentsInput,
    output: agentsPageOutput,
    message: "Agent(s) retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getAgents(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/agents/update",
    auth: "apiKey",
    summary: "Update Agent (weft): changes the fields sent and bumps the version.",
    input: updateAgentInput,
    output: agentOutput,
    message: "Agent updated successfully.",
    writes: true,
    run: (input, ctx) => updateAgent(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/agents/delete",
    auth: "apiKey",
    summary: "Delete Agent (weft): removes the definition; its executions stay listed.",
    input: agentRefInput,
    output: z.null(),
    message: "Agent deleted successfully.",
    writes: true,
    run: (input, ctx) => deleteAgent(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/agents/run",
    auth: "apiKey",
    summary:
      "Run Agent (weft): records a `running` execution (trigger standalone) and calls the model in the background; it ends passed, failed (the answer starts with FAIL), error or skipped (nothing to read).",
    input: runAgentInput,
    output: executionOutput,
    message: "Agent execution started successfully.",
    writes: true,
    run: (input, ctx) => runAgent(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/agents/execution/list",
    auth: "apiKey",
    summary:
      "List Agent Executions: filters, status, pageSize 1-500 (default 50), orderDirection by startedAt (default desc), cursor paging.",
    input: listAgentExecutionsInput,
    output: executionPageOutput,
    message: "Executions listed successfully",
    dataOptional: true,
    run: (input, ctx) => listAgentExecutions(ctx.scope, input, ctx.db),
    reply: { build: (out) => out, schema: executionPageOutput },
  }),
];
