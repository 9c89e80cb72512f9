"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { ApiOutput } from "@/lib/api/client";
import { simpleWebhookForm } from "@/lib/console/service-forms";
import { SaveBar } from "../save-bar";
import { Switch } from "../switch";
import { ui } from "../styles";
import { TextField } from "../text-field";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { useCheckedMutation } from "../use-checked-mutation";
import { useDirty } from "../use-dirty";
import { useHydrated } from "../use-hydrated";
import { TriggerCheckboxes } from "./trigger-checkboxes";

export type WebhookConfigView = ApiOutput<"/v2/workspace/webhookconfig/get">;

const LABELS = {
  rawNotificationUrl: "Raw notification URL",
  processedNotificationUrl: "Processed notification URL",
  authToken: "Auth token",
};
type TextFields = keyof typeof LABELS;

function draftOf(view: WebhookConfigView, defaultTriggers: Record<string, boolean>) {
  const c = view.webhookServiceConfig;
  return {
    enabled: view.useWebhookService,
    authToken: c.authToken,
    rawNotificationUrl: c.rawNotificationUrl,
    processedNotificationUrl: c.processedNotificationUrl,
    triggers: c.triggers ?? defaultTriggers,
  };
}

/**
 * Get / Update Webhook Config (simple webhooks), saved with its Save button: weft posts each event whose
 * trigger is on to the raw URL (the event as JSON) and the processed URL (a readable notification), with the
 * auth token as a header.
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
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const toast = useToast();
  const [showToken, setShowToken] = useState(false);
  const [draft, setDraft] = useState(() => draftOf(initial, defaultTriggers));
  const dirty = useDirty(draftOf(initial, defaultTriggers));

  const save = useCheckedMutation(
    simpleWebhookForm,
    trpc.v2.workspace.webhookconfig.update.mutationOptions({
      onSuccess: (result) => {
        const next = draftOf(result, defaultTriggers);
        setDraft(next);
        dirty.saved(next);
        toast("Webhook settings saved.");
        return queryClient.invalidateQueries(trpc.v2.workspace.webhookconfig.pathFilter());
      },
    }),
    (fields) => ({
      workspaceId,
      apiKeyId,
      data: { useWebhookService: draft.enabled, webhookServiceConfig: { ...fields, triggers: draft.triggers } },
    }),
    LABELS,
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    save.submit({
      authToken: draft.authToken.trim(),
      rawNotificationUrl: draft.rawNotificationUrl.trim(),
      processedNotificationUrl: draft.processedNotificationUrl.trim(),
    });
  }

  const field = (name: TextFields) => ({
    value: draft[name],
    error: save.errorFor(name),
    onChange: (e: { target: { value: string } }) => {
      setDraft((d) => ({ ...d, [name]: e.target.value }));
      save.edited(name);
    },
  });
  const allTriggers = [...new Set([...triggerNames, ...Object.keys(draft.triggers)])];

  return (
    <form onSubmit={submit} noValidate data-ready={hydrated || undefined} className="space-y-5">
      <Switch
        label="Simple webhooks"
        description="Post events whose trigger is on to the URLs below."
        checked={draft.enabled}
        onChange={(enabled) => setDraft((d) => ({ ...d, enabled }))}
      />
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
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
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
          className={`${ui.secondary} sm:mt-6`}
          aria-pressed={showToken}
          onClick={() => setShowToken((s) => !s)}
        >
          {showToken ? "Hide token" : "Show token"}
        </button>
      </div>
      <TriggerCheckboxes
        legend="Webhook triggers"
        names={allTriggers}
        values={draft.triggers}
        onChange={(triggers) => setDraft((d) => ({ ...d, triggers }))}
      />
      <SaveBar
        label="Save webhook settings"
        dirty={dirty.isDirty(draft)}
        pending={save.pending}
        hydrated={hydrated}
        error={save.error}
      />
    </form>
  );
}
