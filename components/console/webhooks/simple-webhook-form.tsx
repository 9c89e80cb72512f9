"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { ApiOutput } from "@/lib/api/client";
import type { ApiInput } from "@/lib/api/client";
import { apiKeyKeys } from "@/lib/console/api-keys/query-keys";
import { unwrap } from "@/lib/console/action-result";
import { callOperation } from "@/lib/console/operations";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { TextField } from "../text-field";
import { useHydrated } from "../use-hydrated";
import { TriggerCheckboxes } from "./trigger-checkboxes";

export type WebhookConfigView = ApiOutput<"/v2/workspace/webhookconfig/get">;

/**
 * Get / Update Webhook Config (simple webhooks): weft posts each event whose trigger is on to the raw URL
 * (the event as JSON) and the processed URL (a readable notification), with the auth token as a header.
 */
export function SimpleWebhookForm({
  workspaceId,
  apiKeyId,
  initial,
  triggerNames,
  defaultTriggers,
}: {
  workspaceId: string;
  apiKeyId: string;
  initial: WebhookConfigView;
  triggerNames: string[];
  defaultTriggers: Record<string, boolean>;
}) {
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const target = { workspaceId, apiKeyId };
  const c = initial.webhookServiceConfig;
  const [enabled, setEnabled] = useState(initial.useWebhookService);
  const [showToken, setShowToken] = useState(false);
  const [values, setValues] = useState({
    authToken: c.authToken,
    rawNotificationUrl: c.rawNotificationUrl,
    processedNotificationUrl: c.processedNotificationUrl,
  });
  const [triggers, setTriggers] = useState<Record<string, boolean>>(c.triggers ?? defaultTriggers);
  const [saved, setSaved] = useState<string | null>(null);

  // The server action parses with Update Webhook Config's schema and answers with its message.
  const save = useMutation({
    mutationFn: (input: ApiInput<"/v2/workspace/webhookconfig/update">) =>
      unwrap(callOperation("/v2/workspace/webhookconfig/update", input, target)),
    onSuccess: (result) => {
      setEnabled(result.useWebhookService);
      if (result.webhookServiceConfig.triggers) setTriggers(result.webhookServiceConfig.triggers);
      setSaved("Webhook settings saved.");
      return queryClient.invalidateQueries({ queryKey: apiKeyKeys.webhook(workspaceId, apiKeyId) });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(null);
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    save.mutate({ useWebhookService: enabled, webhookServiceConfig: { ...trimmed, triggers } });
  }

  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const allTriggers = [...new Set([...triggerNames, ...Object.keys(triggers)])];

  return (
    <form onSubmit={submit} noValidate data-ready={hydrated || undefined} className="space-y-5">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          role="switch"
          className="mt-1 size-4 accent-zinc-900"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        <span>
          <span className="block text-sm font-medium text-zinc-800">Simple webhooks</span>
          <span className="block text-sm text-zinc-500">Post events whose trigger is on to the URLs below.</span>
        </span>
      </label>
      <TextField
        label="Raw notification URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/hooks/raw"
        {...field("rawNotificationUrl")}
      />
      <TextField
        label="Processed notification URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/hooks/processed"
        {...field("processedNotificationUrl")}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <TextField
            label="Auth token"
            type={showToken ? "text" : "password"}
            autoComplete="off"
            spellCheck={false}
            hint="Sent with every delivery so your receiver can check it came from weft. Stored encrypted."
            {...field("authToken")}
          />
        </div>
        <button
          type="button"
          className={`${ui.secondary} sm:mb-7`}
          aria-pressed={showToken}
          onClick={() => setShowToken((s) => !s)}
        >
          {showToken ? "Hide token" : "Show token"}
        </button>
      </div>
      <TriggerCheckboxes legend="Webhook triggers" names={allTriggers} values={triggers} onChange={setTriggers} />
      <FormMessage error={save.error?.message} success={saved} />
      <button type="submit" className={ui.primary} disabled={!hydrated || save.isPending}>
        {save.isPending ? "Saving…" : "Save webhook settings"}
      </button>
    </form>
  );
}
