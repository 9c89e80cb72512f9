import { APICallError, generateText, RetryError } from "ai";
import { env } from "../env";
import { errorFields, log } from "../log";
import { storableText } from "../storable-text";
import { languageModel, type AiProvider } from "./ai-models";

// One call to an AI provider's chat API, as the domain decided it (provider, model, key, prompt). Every failure
// (provider error, timeout, unreachable) comes back as {success:false, error} with a message that names the
// provider and never contains the key.

export type ModelResult = { success: true; text: string } | { success: false; error: string };

export interface TextCompletion {
  provider: AiProvider;
  /** The provider's name as users read it in messages. */
  label: string;
  model: string;
  apiKey: string;
  system?: string;
  user: string;
}

export async function completeText(c: TextCompletion): Promise<ModelResult> {
  const timeoutMs = env().WEFT_AI_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const result = await generateText({
      model: languageModel(c.provider, c.model, c.apiKey),
      ...(c.system !== undefined && { system: c.system }),
      messages: [{ role: "user" as const, content: c.user }],
      // One attempt: the caller's deadline is WEFT_AI_TIMEOUT_MS, and agents record a failed run instead.
      maxRetries: 0,
      abortSignal: signal,
    });
    // The model's text and the provider's error are outside text, stored by agents: made storable here.
    return { success: true, text: storableText(result.text) };
  } catch (e) {
    if (signal.aborted) return { success: false, error: `${c.label} did not answer within ${timeoutMs} ms.` };
    return { success: false, error: storableText(describeFailure(e, c)) };
  }
}

function describeFailure(e: unknown, c: TextCompletion): string {
  const err = RetryError.isInstance(e) ? e.lastError : e;
  const scrub = (text: string) => text.replaceAll(c.apiKey, "[redacted]").slice(0, 500);
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    if (status === 401 || status === 403) {
      // Providers quote part of a rejected key in their message; name the problem instead.
      return `${c.label} rejected the configured API key (HTTP ${status}). Set a valid key with /v2/workspace/apikeyconfig/update.`;
    }
    if (status === undefined) return `Could not reach ${c.label}: ${scrub(err.message)}`;
    return `${c.label} returned HTTP ${status} for model ${c.model}: ${scrub(err.message)}`;
  }
  log.warn("unreadable AI provider response", { provider: c.provider, model: c.model, ...errorFields(err) });
  return `${c.label} returned a response that could not be read.`;
}
