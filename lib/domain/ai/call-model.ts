import { APICallError, generateText, RetryError } from "ai";
import { languageModel, type AiProvider } from "@/lib/infra/ai-models";
import type { Reader } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { errorFields, log } from "@/lib/infra/log";
import { PROVIDER_LABEL, routeModel, takesNoSystemPrompt } from "./model-routing";
import { providerKey } from "./provider-keys";

// One model call for Ask AI and agents. Every failure (no key, provider error, timeout, unreachable) comes
// back as {success:false, error} with a message that names the provider and never contains the key.

export type ModelResult = { success: true; text: string } | { success: false; error: string };

export interface ModelCall {
  model: string;
  /** The instruction. */
  prompt: string;
  /** The input it applies to. */
  text: string;
}

export async function callModel(apiKeyId: string, call: ModelCall, tx: Reader): Promise<ModelResult> {
  const provider = routeModel(call.model);
  const label = PROVIDER_LABEL[provider];
  const key = await providerKey(tx, apiKeyId, provider);
  if (!key) return { success: false, error: `No API key configured for provider: ${label}` };
  const timeoutMs = env().WEFT_AI_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const prompt = takesNoSystemPrompt(call.model)
    ? { messages: [{ role: "user" as const, content: `${call.prompt}\n\n${call.text}` }] }
    : { system: call.prompt, messages: [{ role: "user" as const, content: call.text }] };
  try {
    const result = await generateText({
      model: languageModel(provider, call.model, key),
      ...prompt,
      // One attempt: the caller's deadline is WEFT_AI_TIMEOUT_MS, and agents record a failed run instead.
      maxRetries: 0,
      abortSignal: signal,
    });
    return { success: true, text: result.text };
  } catch (e) {
    if (signal.aborted) return { success: false, error: `${label} did not answer within ${timeoutMs} ms.` };
    return { success: false, error: describeFailure(e, provider, call.model, key) };
  }
}

function describeFailure(e: unknown, provider: AiProvider, model: string, key: string): string {
  const label = PROVIDER_LABEL[provider];
  const err = RetryError.isInstance(e) ? e.lastError : e;
  const scrub = (text: string) => text.replaceAll(key, "[redacted]").slice(0, 500);
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    if (status === 401 || status === 403) {
      // Providers quote part of a rejected key in their message; name the problem instead.
      return `${label} rejected the configured API key (HTTP ${status}). Set a valid key with /v2/workspace/apikeyconfig/update.`;
    }
    if (status === undefined) return `Could not reach ${label}: ${scrub(err.message)}`;
    return `${label} returned HTTP ${status} for model ${model}: ${scrub(err.message)}`;
  }
  log.warn("unreadable AI provider response", { provider, model, ...errorFields(err) });
  return `${label} returned a response that could not be read.`;
}
