"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { updateApiKeySettingsAction } from "@/lib/console/api-keys/actions";
import { apiKeyKeys } from "@/lib/console/api-keys/query-keys";
import { unwrap } from "@/lib/console/action-result";
import { FormMessage } from "../form-message";

type Switch = "advancedQueries" | "activityLogs";

const SWITCHES: { key: Switch; label: string; description: string }[] = [
  {
    key: "advancedQueries",
    label: "Advanced queries",
    description: "Needed by Get Users, Get Documents, Add Folder and Update Folder.",
  },
  { key: "activityLogs", label: "Activity logs", description: "Record and serve the key's activity log." },
];

/** Per-key advanced queries and activity logs, switched at once (`weft apikey:update` for the operator). */
export function ApiKeySwitches({
  workspaceId,
  apiKeyId,
  initial,
}: {
  workspaceId: string;
  apiKeyId: string;
  initial: Record<Switch, boolean>;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState<string | null>(null);
  const update = useMutation({
    mutationFn: (change: Partial<Record<Switch, boolean>>) =>
      unwrap(updateApiKeySettingsAction({ apiKey: apiKeyId, ...change }, { workspaceId })),
    onSuccess: (key, change) => {
      setValues({ advancedQueries: key.advancedQueries, activityLogs: key.activityLogs });
      const [name, on] = Object.entries(change)[0] ?? [];
      setSaved(`${SWITCHES.find((s) => s.key === name)?.label ?? "Setting"} turned ${on ? "on" : "off"}.`);
      return queryClient.invalidateQueries({ queryKey: apiKeyKeys.detail(workspaceId, apiKeyId) });
    },
  });
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Features</legend>
      {SWITCHES.map((s) => (
        <label key={s.key} className="flex items-start gap-3">
          <input
            type="checkbox"
            role="switch"
            className="mt-1 size-4 accent-zinc-900"
            checked={values[s.key]}
            disabled={update.isPending}
            onChange={(e) => {
              setSaved(null);
              update.mutate({ [s.key]: e.target.checked });
            }}
          />
          <span>
            <span className="block text-sm font-medium text-zinc-800">{s.label}</span>
            <span className="block text-sm text-zinc-500">{s.description}</span>
          </span>
        </label>
      ))}
      <FormMessage error={update.error?.message} success={saved} />
    </fieldset>
  );
}
