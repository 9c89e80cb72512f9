"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";

const CHANNELS = [
  ["inbox", "In-app inbox"],
  ["email", "Email"],
  ["slack", "Slack (stored, not delivered by weft)"],
] as const;
type Channel = (typeof CHANNELS)[number][0];
type Preference = "ALL" | "MINE" | "NONE";
const CHOICES: [Preference, string][] = [
  ["ALL", "Everything"],
  ["MINE", "Only what involves them"],
  ["NONE", "Nothing"],
];

/**
 * One user's organization-level notification preferences (Get / Set Notification Config), as the fan-out and
 * trigger mail apply them to documents without their own setting.
 */
export function NotificationPreferences({
  workspaceId,
  apiKeyId,
  organizationId,
  userId,
}: {
  workspaceId: string;
  apiKeyId: string;
  organizationId: string;
  userId: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const target = { workspaceId, apiKeyId };
  const config = trpc.v2.notifications.config;
  const current = useQuery(
    config.get.queryOptions({ ...target, data: { organizationId, userId, getOrganizationConfig: true } }),
  );
  const [edits, setEdits] = useState<Partial<Record<Channel, Preference>>>({});
  const save = useMutation(
    config.set.mutationOptions({
      onSuccess: () => {
        toast(`Notification preferences of ${userId} saved.`);
        setEdits({});
        return queryClient.invalidateQueries(config.get.queryFilter());
      },
    }),
  );
  const id = useId();
  const stored = current.data?.[0]?.config as Partial<Record<Channel, Preference>> | undefined;
  const value = (c: Channel): Preference => edits[c] ?? stored?.[c] ?? "ALL";
  if (current.error) return <FormMessage error={current.error.message} />;
  if (!stored) return <p className="text-sm text-zinc-600">Loading preferences…</p>;
  return (
    <form
      aria-label={`Notification preferences of ${userId}`}
      className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ ...target, data: { organizationId, userIds: [userId], config: edits } });
      }}
    >
      {CHANNELS.map(([c, label]) => (
        <div key={c}>
          <label htmlFor={`${id}-${c}`} className={ui.label}>
            {label}
          </label>
          <select
            id={`${id}-${c}`}
            className={`${ui.input} mt-1`}
            value={value(c)}
            onChange={(e) => setEdits((v) => ({ ...v, [c]: e.target.value as Preference }))}
          >
            {CHOICES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className={ui.secondary} disabled={save.isPending || Object.keys(edits).length === 0}>
        Save
      </button>
      <div className="sm:col-span-4">
        <FormMessage error={save.error?.message} />
      </div>
    </form>
  );
}
