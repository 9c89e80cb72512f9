import type { Reader } from "@/lib/infra/db";
import { completeText, type ModelResult } from "@/lib/infra/outbound/complete-text";
import { PROVIDER_LABEL, routeModel, takesNoSystemPrompt } from "./model-routing";
import { providerKey } from "./provider-keys";

// One model call for Ask AI and agents: which provider, with which key and which prompt; infra
// (lib/infra/outbound/complete-text.ts) calls it. Every failure (no key, provider error, timeout, unreachable)
// comes back as {success:false, error} with a message that names the provider and never contains the key.

export type { ModelResult };

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
  const apiKey = await providerKey(tx, apiKeyId, provider);
  if (!apiKey) return { success: false, error: `No API key configured for provider: ${label}` };
  const prompt = takesNoSystemPrompt(call.model)
    ? { user: `${call.prompt}\n\n${call.text}` }
    : { system: call.prompt, user: call.text };
  return completeText({ provider, label, model: call.model, apiKey, ...prompt });
}
