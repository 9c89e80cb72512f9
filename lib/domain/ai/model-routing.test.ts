import { describe, expect, it } from "vitest";
import { providerOf, takesNoSystemPrompt } from "./model-routing";

describe("model routing", () => {
  it("routes by prefix, bare o-series names included", () => {
    const cases: [string, string | undefined][] = [
      ["gpt-4o", "openai"],
      ["gpt-4.1-mini", "openai"],
      ["o1", "openai"],
      ["o3", "openai"],
      ["o4", "openai"],
      ["o3-mini", "openai"],
      ["o4-mini-2025-04-16", "openai"],
      ["claude-3-5-sonnet-20241022", "anthropic"],
      ["gemini-2.5-flash-lite", "gemini"],
      ["o2", undefined],
      ["o3x", undefined],
      ["gpt4", undefined],
      ["llama-3", undefined],
      ["GPT-4o", undefined],
      ["gemini-x/../../admin", undefined],
      ["gemini-2.5-flash:streamGenerateContent", undefined],
      ["claude-3-5-sonnet?x", undefined],
      ["gpt-4o mini", undefined],
      ["o3-", undefined],
    ];
    for (const [model, provider] of cases) expect(providerOf(model), model).toBe(provider);
  });

  it("sends the prompt in the user message only for o-series models", () => {
    expect(["o1", "o3-mini", "o4-mini"].map(takesNoSystemPrompt)).toEqual([true, true, true]);
    expect(["gpt-4o", "claude-haiku-4-5", "gemini-2.5-pro"].map(takesNoSystemPrompt)).toEqual([false, false, false]);
  });
});
