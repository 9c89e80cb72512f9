import type { AiProvider } from "@/lib/infra/outbound/ai-models";
import { invalid } from "../errors";

// Which provider family serves a model, by name prefix as the spec says, plus the bare o1/o3/o4 names
// the hosted docs list.

export const PROVIDERS = ["openai", "anthropic", "gemini"] as const satisfies readonly AiProvider[];

export const PROVIDER_LABEL: Record<AiProvider, string> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  gemini: "Gemini",
};

const O_SERIES = /^o[134](-|$)/;

export function providerOf(model: string): AiProvider | undefined {
  if (model.startsWith("gpt-") || O_SERIES.test(model)) return "openai";
  if (model.startsWith("claude-")) return "anthropic";
  if (model.startsWith("gemini-")) return "gemini";
  return undefined;
}

export function routeModel(model: string): AiProvider {
  const provider = providerOf(model);
  if (!provider) throw invalid(`Unsupported model: ${model}. Use a gpt-, o1-, o3-, o4-, claude- or gemini- model.`);
  return provider;
}

/** o-series models get the prompt prepended to the text in one user message instead of a system prompt. */
export function takesNoSystemPrompt(model: string): boolean {
  return O_SERIES.test(model);
}
