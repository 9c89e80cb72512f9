import { z } from "zod";
import { providerOf } from "../ai/model-routing";

// Fields of an agent definition, and how one is shown.

export const AGENT_READS = ["crdt", "text"] as const;

export const AGENT_NOT_FOUND = "Agent not found.";

export const agentId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, { error: "agentId may contain only letters, digits, _ and -." });

export const agentFields = {
  name: z.string().min(1).max(200),
  model: z
    .string()
    .min(1)
    .max(200)
    .refine((m) => providerOf(m) !== undefined, {
      error: "model must be a gpt-, o1-, o3-, o4-, claude- or gemini- model.",
    }),
  instruction: z.string().min(1).max(20_000),
  /** `crdt`: the CRDT content of the document named at run time; `text`: a text given at run time. */
  reads: z.enum(AGENT_READS),
};

export interface AgentRow {
  id: string;
  name: string;
  model: string;
  instruction: string;
  reads: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export function agentView(a: AgentRow) {
  return {
    agentId: a.id,
    name: a.name,
    model: a.model,
    instruction: a.instruction,
    reads: a.reads as (typeof AGENT_READS)[number],
    version: a.version,
    createdAt: a.createdAt.getTime(),
    updatedAt: a.updatedAt.getTime(),
  };
}
