import { askAiOutput } from "@/lib/domain/ai/ai-contract";
import { askAi, askAiInput } from "@/lib/domain/ai/ask-ai";
import { apiKeyConfigOutput, updatedApiKeyConfigOutput } from "@/lib/domain/api-keys/api-keys-contract";
import { getApiKeyConfig, getApiKeyConfigInput } from "@/lib/domain/api-keys/get-api-key-config";
import { updateApiKeyConfig, updateApiKeyConfigInput } from "@/lib/domain/api-keys/update-api-key-config";
import { defineEndpoint } from "../define-endpoint";

// Ask AI, and the API key config endpoints where its provider keys are set.

export const aiEndpoints = [
  defineEndpoint({
    path: "/v2/rewriter/ask-ai",
    auth: "apiKey",
    summary:
      "Ask AI. Routes by model prefix (gpt-, o1-, o3-, o4- and bare o1/o3/o4: OpenAI; claude-: Anthropic; gemini-: Gemini) with the key's own provider key. Provider failures and timeouts come back as result{success:false,error}.",
    input: askAiInput,
    output: askAiOutput,
    // Not sent: this endpoint's result is {success, text} or {success, error} only.
    message: "Model answer or provider failure.",
    run: (input, ctx) => askAi(ctx.scope, input, ctx.db),
    reply: { build: (out) => out, schema: askAiOutput },
  }),
  defineEndpoint({
    path: "/v2/workspace/apikeyconfig/update",
    auth: "apiKey",
    summary:
      "Update API Key Config. Merge-only; AI provider keys (aiModelApiKey) are stored encrypted and echoed masked.",
    input: updateApiKeyConfigInput,
    output: updatedApiKeyConfigOutput,
    message: "API key configuration updated successfully.",
    writes: true,
    run: (input, ctx) => updateApiKeyConfig(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/apikeyconfig/get",
    auth: "apiKey",
    summary: "Get API Key Config, with the AI provider keys masked (aiModelsConfig is absent when none is set).",
    input: getApiKeyConfigInput,
    output: apiKeyConfigOutput,
    message: "API key metadata retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getApiKeyConfig(ctx.scope, input, ctx.db),
  }),
];
