"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { updateApiKeySettingsInput } from "@/lib/domain/administration/update-api-key-settings-input";
import { SaveBar } from "../save-bar";
import { Switch } from "../switch";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { useCheckedMutation } from "../use-checked-mutation";
import { useDirty } from "../use-dirty";
import { useHydrated } from "../use-hydrated";

type Switches = "advancedQueries" | "activityLogs";

const SWITCHES: { key: Switches; label: string; description: string }[] = [
  {
    key: "advancedQueries",
    label: "Advanced queries",
    description: "Needed by Get Users, Get Documents, Add Folder and Update Folder.",
  },
  { key: "activityLogs", label: "Activity logs", description: "Record and serve the key's activity log." },
];

/** Per-key advanced queries and activity logs, saved together (`weft apikey:update` for the operator). */
export function ApiKeySwitches({
  workspaceId,
  apiKeyId,
  initial,
}: {
  workspaceId: string;
  apiKeyId: string;
  initial: Record<Switches, boolean>;
}) {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const toast = useToast();
  const [values, setValues] = useState(initial);
  const dirty = useDirty(initial);
  const save = useCheckedMutation(
    updateApiKeySettingsInput,
    trpc.apiKeys.updateSettings.mutationOptions({
      onSuccess: (key) => {
        const now = { advancedQueries: key.advancedQueries, activityLogs: key.activityLogs };
        setValues(now);
        dirty.saved(now);
        toast("Features saved.");
        return queryClient.invalidateQueries(trpc.apiKeys.get.pathFilter());
      },
    }),
    (data) => ({ workspaceId, data }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    save.submit({ apiKey: apiKeyId, ...values });
  }

  return (
    <form onSubmit={submit} noValidate data-ready={hydrated || undefined} className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="sr-only">Features</legend>
        {SWITCHES.map((s) => (
          <Switch
            key={s.key}
            label={s.label}
            description={s.description}
            checked={values[s.key]}
            onChange={(checked) => setValues((v) => ({ ...v, [s.key]: checked }))}
          />
        ))}
      </fieldset>
      <SaveBar
        label="Save features"
        dirty={dirty.isDirty(values)}
        pending={save.pending}
        hydrated={hydrated}
        error={save.error}
      />
    </form>
  );
}
