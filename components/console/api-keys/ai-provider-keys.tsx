"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { PROVIDER_LABEL, PROVIDERS } from "@/lib/domain/ai/model-routing";
import { updateApiKeyConfigInput } from "@/lib/domain/api-keys/update-api-key-config-input";
import type { AiProvider } from "@/lib/infra/outbound/ai-models";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { TextField } from "../text-field";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { useCheckedMutation } from "../use-checked-mutation";
import { useHydrated } from "../use-hydrated";

const LABELS = { "aiModelApiKey[0].customerApiKey": "Provider API key", "aiModelApiKey[0].provider": "Provider" };

/**
 * The key's own OpenAI / Anthropic / Gemini keys (Ask AI and agents use them): each shown masked, set or
 * replaced one at a time. The browser sends a key once and never gets it back.
 */
export function AiProviderKeys({ workspaceId, apiKeyId }: { workspaceId: string; apiKeyId: string }) {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const providerId = useId();
  const target = { workspaceId, apiKeyId };
  const config = trpc.v2.workspace.apikeyconfig.get;
  const masked = useQuery(config.queryOptions({ ...target, data: {} }));
  const [provider, setProvider] = useState<AiProvider>(PROVIDERS[0]);
  const [secret, setSecret] = useState("");
  const toast = useToast();
  const save = useCheckedMutation(
    updateApiKeyConfigInput,
    trpc.v2.workspace.apikeyconfig.update.mutationOptions({
      onSuccess: async (_data, { data }) => {
        const name = data.aiModelApiKey?.[0]?.provider;
        setSecret("");
        toast(name ? `${PROVIDER_LABEL[name]} key saved.` : "Saved.");
        await queryClient.invalidateQueries(config.pathFilter());
      },
    }),
    (data) => ({ ...target, data }),
    LABELS,
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    save.submit({ aiModelApiKey: [{ provider, customerApiKey: secret.trim() }] });
  }

  const keys = masked.data?.aiModelsConfig ?? {};
  return (
    <div className="space-y-6">
      <ul aria-label="AI provider keys" className="divide-y divide-zinc-200 rounded-lg border border-zinc-200">
        {PROVIDERS.map((p) => (
          <li key={p} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
            <span className="text-sm font-medium text-zinc-800">{PROVIDER_LABEL[p]}</span>
            {keys[p] ? (
              <code aria-label={`${PROVIDER_LABEL[p]} key (masked)`} className={`${ui.mono} text-zinc-700`}>
                {keys[p].displayText}
              </code>
            ) : (
              <span className="text-sm text-zinc-500">Not set</span>
            )}
          </li>
        ))}
      </ul>

      <form onSubmit={submit} noValidate data-ready={hydrated || undefined} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <div>
            <label htmlFor={providerId} className={ui.label}>
              Provider
            </label>
            <select
              id={providerId}
              className={`${ui.input} mt-1`}
              value={provider}
              onChange={(e) => setProvider(e.target.value as AiProvider)}
            >
              {PROVIDERS.map((p) => (
                <option key={p} value={p}>
                  {PROVIDER_LABEL[p]}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Provider API key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={secret}
            onChange={(e) => {
              setSecret(e.target.value);
              save.edited("aiModelApiKey[0].customerApiKey");
            }}
            error={save.errorFor("aiModelApiKey[0].customerApiKey")}
            hint="Replaces the provider's current key. Stored encrypted; shown only masked from now on."
          />
        </div>
        <FormMessage error={save.error ?? masked.error?.message} />
        <button type="submit" className={ui.primary} disabled={!hydrated || save.pending}>
          {save.pending ? "Saving…" : "Save provider key"}
        </button>
      </form>
    </div>
  );
}
