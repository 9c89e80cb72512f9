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

// The whole name, per provider: it goes into the provider's request (Gemini puts it in the URL path), so
// nothing that could change the path, query or headers ("/", "..", ":", "?", "#", whitespace) gets through.
const MODEL_NAME: Record<AiProvider, RegExp> = {
  openai: /^(gpt-[a-z0-9][a-z0-9.-]*|o[134](-[a-z0-9][a-z0-9.-]*)?)$/,
  anthropic: /^claude-[a-z0-9][a-z0-9.-]*$/,
  gemini: /^gemini-[a-z0-9][a-z0-9.-]*$/,
};

const NAME_RULE = '(lowercase letters, digits, "." and "-" after the prefix)';

/** The provider family a name claims by its prefix. */
function familyOf(model: string): AiProvider | undefined {
  if (model.startsWith("gpt-") || O_SERIES.test(model)) return "openai";
  if (model.startsWith("claude-")) return "anthropic";
  if (model.startsWith("gemini-")) return "gemini";
  return undefined;
}

/** The provider serving a model; undefined for an unknown prefix or a name outside its provider's pattern. */
export function providerOf(model: string): AiProvider | undefined {
  const family = familyOf(model);
  return family && MODEL_NAME[family].test(model) ? family : undefined;
}

export function routeModel(model: string): AiProvider {
  const family = familyOf(model);
  if (!family) throw invalid(`Unsupported model: ${model}. Use a gpt-, o1-, o3-, o4-, claude- or gemini- model.`);
  if (!MODEL_NAME[family].test(model))
    throw invalid(`model is not a valid ${PROVIDER_LABEL[family]} model name ${NAME_RULE}.`);
  return family;
}

/** o-series models get the prompt prepended to the text in one user message instead of a system prompt. */
export function takesNoSystemPrompt(model: string): boolean {
  return O_SERIES.test(model);
}
