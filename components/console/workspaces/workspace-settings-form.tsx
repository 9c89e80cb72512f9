"use client";

import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { updateWorkspaceSettingsAction } from "@/lib/console/workspaces/actions";
import { workspaceKeys } from "@/lib/console/workspaces/query-keys";
import { PLANS, updateWorkspaceSettingsInput } from "@/lib/domain/operator/update-workspace-settings";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { useCheckedMutation } from "../use-checked-mutation";
import { useHydrated } from "../use-hydrated";

interface Settings {
  plan: string;
  productionKeysEnabled: boolean;
}

/** The operator's settings of a workspace: plan and self-serve production keys (`weft workspace:update`). */
export function WorkspaceSettingsForm({ workspaceId, initial }: { workspaceId: string; initial: Settings }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const planId = useId();
  const [values, setValues] = useState(initial);
  const save = useCheckedMutation(updateWorkspaceSettingsInput, updateWorkspaceSettingsAction, async () => {
    await queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
    router.refresh();
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    save.submit({ workspaceId, ...values });
  }

  return (
    <form onSubmit={submit} noValidate data-ready={hydrated || undefined} className="space-y-4">
      <div>
        <label htmlFor={planId} className={ui.label}>
          Plan
        </label>
        <select
          id={planId}
          className={`${ui.input} mt-1 sm:max-w-xs`}
          value={values.plan}
          onChange={(e) => setValues((v) => ({ ...v, plan: e.target.value }))}
        >
          {PLANS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-zinc-900"
          checked={values.productionKeysEnabled}
          onChange={(e) => setValues((v) => ({ ...v, productionKeysEnabled: e.target.checked }))}
        />
        <span>
          <span className="block text-sm font-medium text-zinc-800">Self-serve production API keys</span>
          <span className="block text-sm text-zinc-500">
            The owner may create production keys (the workspace must also be on the paid plan).
          </span>
        </span>
      </label>
      <FormMessage error={save.error} success={save.succeeded ? "Workspace settings saved." : null} />
      <button type="submit" className={ui.primary} disabled={!hydrated || save.pending}>
        {save.pending ? "Saving…" : "Save settings"}
      </button>
    </form>
  );
}
