import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import type { LanguageModel } from "ai";
import { env } from "../env";

// The AI SDK model for one provider family, with the customer's key and the operator's base URL
// (WEFT_*_BASE_URL: the vendor's API root, e.g. https://api.openai.com/v1, or a local stand-in).

export type AiProvider = "openai" | "anthropic" | "gemini";

export function languageModel(provider: AiProvider, model: string, apiKey: string): LanguageModel {
  const e = env();
  switch (provider) {
    case "openai":
      // Chat Completions rather than the Responses API: the protocol every OpenAI-compatible server speaks,
      // so an operator can point WEFT_OPENAI_BASE_URL at a gateway or a self-hosted model.
      return createOpenAI({ apiKey, baseURL: e.WEFT_OPENAI_BASE_URL }).chat(model);
    case "anthropic":
      return createAnthropic({ apiKey, baseURL: e.WEFT_ANTHROPIC_BASE_URL })(model);
    case "gemini":
      return createGoogleGenerativeAI({ apiKey, baseURL: e.WEFT_GEMINI_BASE_URL })(model);
  }
}
