"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { SaveBar } from "../save-bar";
import { Switch } from "../switch";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { useHydrated } from "../use-hydrated";
import type { AdvancedConfigView } from "./types";

/** Update Advanced Webhook Config's isEnabled, saved with its button; the first save must enable (it provisions). */
export function AdvancedWebhookSwitch({
  workspaceId,
  apiKeyId,
  config,
  configured,
  onSaved,
}: {
  workspaceId: string;
  apiKeyId: string;
  config: AdvancedConfigView;
  configured: boolean;
  onSaved(config: AdvancedConfigView): void;
}) {
  const hydrated = useHydrated();
  const toast = useToast();
  const [enabled, setEnabled] = useState(config.isEnabled);
  const trpc = useTRPC();
  const save = useMutation(
    trpc.v2.workspace.advancedwebhookconfig.update.mutationOptions({
      onSuccess: (result) => {
        setEnabled(result.isEnabled);
        toast(result.isEnabled ? "Advanced webhooks turned on." : "Advanced webhooks turned off. Endpoints are kept.");
        onSaved(result);
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({ workspaceId, apiKeyId, data: { isEnabled: enabled } });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <Switch
        label="Advanced webhooks"
        checked={enabled}
        onChange={setEnabled}
        description={
          configured
            ? "Deliver events to the endpoints below, signed, retried and logged."
            : "Not set up yet: switching on and saving provisions them for this key."
        }
      />
      <SaveBar
        label="Save"
        dirty={enabled !== config.isEnabled}
        pending={save.isPending}
        hydrated={hydrated}
        error={save.error?.message}
      />
    </form>
  );
}
