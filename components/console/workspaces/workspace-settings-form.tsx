"use client";

import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { PLANS, updateWorkspaceSettingsInput } from "@/lib/domain/administration/update-workspace-settings-input";
import { SaveBar } from "../save-bar";
import { ui } from "../styles";
import { Switch } from "../switch";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { useCheckedMutation } from "../use-checked-mutation";
import { useDirty } from "../use-dirty";
import { useHydrated } from "../use-hydrated";

interface Settings {
  plan: string;
  productionKeysEnabled: boolean;
}

/** What the settings amount to: production keys count only on the paid plan. */
const effective = (s: Settings): Settings => ({
  plan: s.plan,
  productionKeysEnabled: s.plan === "paid" && s.productionKeysEnabled,
});

/**
 * The operator's settings of a workspace: plan and self-serve production keys (`weft workspace:update`).
 * Production keys take both, so on the free plan the switch is off and disabled, saying why, instead of saving
 * a setting that would do nothing; the stored flag is left as it is until the plan is paid.
 */
export function WorkspaceSettingsForm({ workspaceId, initial }: { workspaceId: string; initial: Settings }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const toast = useToast();
  const planId = useId();
  const [values, setValues] = useState(initial);
  const dirty = useDirty(effective(initial));
  const paid = values.plan === "paid";
  const save = useCheckedMutation(
    updateWorkspaceSettingsInput,
    trpc.workspaces.updateSettings.mutationOptions({
      onSuccess: async (ws) => {
        const now = { plan: ws.plan, productionKeysEnabled: ws.productionKeysEnabled };
        setValues(now);
        dirty.saved(effective(now));
        toast(
          ws.plan === "paid" && ws.productionKeysEnabled
            ? "Workspace settings saved. The owner can now create production keys."
            : "Workspace settings saved.",
        );
        await queryClient.invalidateQueries(trpc.workspaces.pathFilter());
        router.refresh();
      },
    }),
    (data) => ({ data }),
    { plan: "Plan" },
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    save.submit({
      workspaceId,
      plan: values.plan,
      ...(paid && { productionKeysEnabled: values.productionKeysEnabled }),
    });
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
      <Switch
        label="Self-serve production API keys"
        checked={paid && values.productionKeysEnabled}
        disabled={!paid}
        onChange={(checked) => setValues((v) => ({ ...v, productionKeysEnabled: checked }))}
        description={
          paid
            ? "The owner may create production keys."
            : "Needs the paid plan: production keys cannot be created on the free plan. Choose paid first."
        }
      />
      <SaveBar
        label="Save settings"
        dirty={dirty.isDirty(effective(values))}
        pending={save.pending}
        hydrated={hydrated}
        error={save.error}
      />
    </form>
  );
}
