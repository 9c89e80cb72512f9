"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { formatTime } from "@/lib/console/format";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { useTRPC } from "../trpc";

/** "2026-05-01T14:03:05" (a datetime-local value, read as UTC like every time in the console) as ISO. */
const utcInstant = (local: string) => new Date(`${local}Z`).toISOString();

/**
 * "Recover failed messages since …": after an outage of the receiver, every message that failed for good to
 * this endpoint since a time is sent again now; the result says how many.
 */
export function RecoverFailed({
  workspaceId,
  apiKeyId,
  endpointId,
  defaultSince,
  disabled,
}: {
  workspaceId: string;
  apiKeyId: string;
  endpointId: string;
  /** The input's first value, "YYYY-MM-DDTHH:MM:SS" in UTC. */
  defaultSince: string;
  disabled: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [since, setSince] = useState(defaultSince);
  const [result, setResult] = useState<string>();
  const recover = useMutation(
    trpc.webhooks.recover.mutationOptions({
      onSuccess: (r, input) => {
        const from = formatTime(input.data.since, "second");
        setResult(
          r.recovered === 0
            ? `No message failed for good since ${from}.`
            : `Resending ${r.recovered} failed message${r.recovered === 1 ? "" : "s"} since ${from}.`,
        );
        return queryClient.invalidateQueries(trpc.webhooks.pathFilter());
      },
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    setResult(undefined);
    if (!since || Number.isNaN(Date.parse(`${since}Z`))) return;
    recover.mutate({ workspaceId, apiKeyId, data: { endpointId, since: utcInstant(since) } });
  }
  return (
    <form onSubmit={submit} aria-label="Recover failed messages" className="space-y-2">
      <label htmlFor={id} className={ui.label}>
        Recover failed messages since (UTC)
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          type="datetime-local"
          step={1}
          required
          className={`${ui.input} sm:max-w-xs`}
          value={since}
          onChange={(e) => {
            setSince(e.target.value);
            setResult(undefined);
          }}
        />
        <button type="submit" className={`${ui.secondary} shrink-0`} disabled={disabled || recover.isPending}>
          {recover.isPending ? "Recovering…" : "Recover"}
        </button>
      </div>
      <p className={ui.hint}>
        Every message that failed for good to this endpoint since then is sent again now, with a fresh retry schedule.
      </p>
      <p role="status" className="text-sm text-zinc-800">
        {result}
      </p>
      <FormMessage error={recover.error?.message} />
    </form>
  );
}
