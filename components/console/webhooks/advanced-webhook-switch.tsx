"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { unwrap } from "@/lib/console/action-result";
import { callOperation } from "@/lib/console/operations";
import { FormMessage } from "../form-message";
import type { AdvancedConfigView } from "./types";

/** Update Advanced Webhook Config's isEnabled; the first save must enable (it provisions the feature). */
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
  const [note, setNote] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (isEnabled: boolean) =>
      unwrap(callOperation("/v2/workspace/advancedwebhookconfig/update", { isEnabled }, { workspaceId, apiKeyId })),
    onSuccess: (result) => {
      setNote(result.isEnabled ? "Advanced webhooks turned on." : "Advanced webhooks turned off. Endpoints are kept.");
      onSaved(result);
    },
  });
  return (
    <div className="space-y-3">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          role="switch"
          className="mt-1 size-4 accent-zinc-900"
          checked={config.isEnabled}
          disabled={save.isPending}
          onChange={(e) => {
            setNote(null);
            save.mutate(e.target.checked);
          }}
        />
        <span>
          <span className="block text-sm font-medium text-zinc-800">Advanced webhooks</span>
          <span className="block text-sm text-zinc-500">
            {configured
              ? "Deliver events to the endpoints below, signed, retried and logged."
              : "Not set up yet: switching on provisions them for this key."}
          </span>
        </span>
      </label>
      <FormMessage error={save.error?.message} success={note} />
    </div>
  );
}
