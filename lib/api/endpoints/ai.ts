import { z } from "zod";
import { askAi, askAiInput } from "@/lib/domain/ai/ask-ai";
import { PROVIDERS } from "@/lib/domain/ai/model-routing";
import { DOCUMENT_ACCESS_TYPES } from "@/lib/domain/api-keys/service-config";
import { getApiKeyConfig, getApiKeyConfigInput } from "@/lib/domain/api-keys/get-api-key-config";
import { updateApiKeyConfig, updateApiKeyConfigInput } from "@/lib/domain/api-keys/update-api-key-config";
import { defineEndpoint } from "../define-endpoint";

// Ask AI, and the API key config endpoints where its provider keys are set.

const askAiResult = z.union([
  z.object({ success: z.literal(true), text: z.string() }),
  z.object({ success: z.literal(false), error: z.string() }),
]);

const aiModelsConfig = z
  .partialRecord(z.enum(PROVIDERS), z.object({ displayText: z.string() }))
  .describe("Configured AI provider keys, masked; the keys themselves are never returned.");

const settings = {
  requireJwtToken: z.boolean(),
  requireAutoOrgUser: z.boolean(),
  defaultDocumentAccessType: z.enum(DOCUMENT_ACCESS_TYPES),
};

export const aiEndpoints = [
  defineEndpoint({
    path: "/v2/rewriter/ask-ai",
    auth: "apiKey",
    summary:
      "Ask AI. Routes by model prefix (gpt-, o1-, o3-, o4- and bare o1/o3/o4: OpenAI; claude-: Anthropic; gemini-: Gemini) with the key's own provider key. Provider failures and timeouts come back as result{success:false,error}.",
    input: askAiInput,
    output: askAiResult,
    // Not sent: this endpoint's result is {success, text} or {success, error} only.
    message: "Model answer or provider failure.",
    run: (input, ctx) => askAi(ctx.scope, input, ctx.db),
    reply: { build: (out) => out, schema: askAiResult },
  }),
  defineEndpoint({
    path: "/v2/workspace/apikeyconfig/update",
    auth: "apiKey",
    summary: "Update API Key Config. Merge-only; AI provider keys (aiModelApiKey) are stored encrypted and echoed masked.",
    input: updateApiKeyConfigInput,
    output: z.object({ enablePrivateComments: z.boolean(), ...settings, aiModelsConfig }).partial(),
    message: "API key configuration updated successfully.",
    writes: true,
    run: (input, ctx) => updateApiKeyConfig(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/apikeyconfig/get",
    auth: "apiKey",
    summary: "Get API Key Config, with the AI provider keys masked (aiModelsConfig is absent when none is set).",
    input: getApiKeyConfigInput,
    output: z.object({
      ownerEmail: z.string(),
      planInfo: z.object({ type: z.string() }),
      isPrivateCommentsEnabled: z.boolean(),
      ...settings,
      aiModelsConfig: aiModelsConfig.optional(),
    }),
    message: "API key metadata retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getApiKeyConfig(ctx.scope, input, ctx.db),
  }),
];
