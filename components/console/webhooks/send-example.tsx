"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";

/**
 * "Send example": a signed example message of any event type of the catalog (webhooks.eventTypes) to one
 * endpoint, now; its attempt shows in the endpoint's log below.
 */
export function SendExample({
  workspaceId,
  apiKeyId,
  endpointId,
  disabled,
}: {
  workspaceId: string;
  apiKeyId: string;
  endpointId: string;
  disabled: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const id = useId();
  const catalog = useQuery(trpc.webhooks.eventTypes.queryOptions({ workspaceId, apiKeyId, data: {} }));
  const types = catalog.data ?? [];
  const [chosen, setChosen] = useState<string>();
  const type = chosen ?? types[0]?.type;
  const send = useMutation(
    trpc.webhooks.sendTest.mutationOptions({
      onSuccess: (r) => {
        toast(`Example ${r.eventType} sent as ${r.messageId}; its attempt shows below.`);
        return queryClient.invalidateQueries(trpc.webhooks.pathFilter());
      },
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    if (type) send.mutate({ workspaceId, apiKeyId, data: { endpointId, eventType: type } });
  }
  return (
    <form onSubmit={submit} aria-label="Send example" className="space-y-2">
      <label htmlFor={id} className={ui.label}>
        Event type
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <select
          id={id}
          className={`${ui.input} sm:max-w-md`}
          value={type ?? ""}
          onChange={(e) => setChosen(e.target.value)}
          disabled={types.length === 0}
        >
          {types.map((t) => (
            <option key={t.type} value={t.type}>
              {t.label} ({t.type})
            </option>
          ))}
        </select>
        <button type="submit" className={`${ui.secondary} shrink-0`} disabled={disabled || !type || send.isPending}>
          {send.isPending ? "Sending…" : "Send example"}
        </button>
      </div>
      <p className={ui.hint}>
        The catalog&apos;s example body of that type, signed like every delivery; the endpoint&apos;s event filter does
        not apply.
      </p>
      <FormMessage error={send.error?.message ?? catalog.error?.message} />
    </form>
  );
}
