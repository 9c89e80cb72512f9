"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { formatTime } from "@/lib/console/format";
import type { EndpointHealth as Health, EndpointState } from "@/lib/domain/webhooks/endpoint-health";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { endpointHref } from "./links";

/**
 * Every endpoint's health, shared by the health panel and the delivery log (names, filter options); the
 * delivery feed (useDeliveryFeed) refreshes it as attempts are recorded.
 */
export function useEndpointHealth(workspaceId: string, apiKeyId: string) {
  const trpc = useTRPC();
  return useQuery(trpc.webhooks.health.queryOptions({ workspaceId, apiKeyId, data: {} }));
}

const stateBadge: Record<EndpointState, [string, string]> = {
  healthy: ["Working", "border-emerald-300 bg-emerald-50 text-emerald-900"],
  failing: ["Failing", "border-red-300 bg-red-50 text-red-800"],
  disabled: ["Disabled", "border-zinc-400 bg-zinc-100 text-zinc-800"],
  new: ["No attempts yet", "border-zinc-300 bg-zinc-50 text-zinc-700"],
};

/** An exact time: readable to the second, with the full ISO timestamp (milliseconds) on hover. */
export function ExactTime({ value }: { value: string }) {
  return (
    <time dateTime={value} title={new Date(value).toISOString()}>
      {formatTime(value, "second")}
    </time>
  );
}

/** Whether an endpoint works, as a badge. */
export function EndpointStateBadge({ state }: { state: EndpointState }) {
  const [label, tone] = stateBadge[state];
  return <span className={`${ui.badge} ${tone} shrink-0 self-start`}>{label}</span>;
}

/** Last success, failure rate, failing since, why disabled: an endpoint's health as a definition list. */
export function EndpointHealthFacts({ health: e }: { health: Health }) {
  const rate = e.attempts24h === 0 ? null : Math.round((e.failures24h / e.attempts24h) * 100);
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-zinc-600">Last success</dt>
      <dd className="text-zinc-900">{e.lastSuccessAt ? <ExactTime value={e.lastSuccessAt} /> : "Never"}</dd>
      <dt className="text-zinc-600">Failure rate (24 h)</dt>
      <dd className="text-zinc-900">
        {rate === null
          ? "No attempts in the last 24 hours"
          : `${rate}% (${e.failures24h} of ${e.attempts24h} attempt${e.attempts24h === 1 ? "" : "s"} failed)`}
      </dd>
      {e.failingSince && (
        <>
          <dt className="text-zinc-600">Failing since</dt>
          <dd className="text-red-800">
            <ExactTime value={e.failingSince} />
          </dd>
        </>
      )}
      {e.disabledReason && (
        <>
          <dt className="text-zinc-600">Why disabled</dt>
          <dd className="text-zinc-900">{e.disabledReason}</dd>
        </>
      )}
    </dl>
  );
}

/** Endpoint health as Svix's portal shows it, with "Send test event" per endpoint. */
export function EndpointHealthPanel({ workspaceId, apiKeyId }: { workspaceId: string; apiKeyId: string }) {
  const health = useEndpointHealth(workspaceId, apiKeyId);
  const endpoints = health.data ?? [];
  if (health.error) return <FormMessage error={health.error.message} />;
  if (health.isPending) return <p className="text-sm text-zinc-600">Loading…</p>;
  if (endpoints.length === 0) return <p className="text-sm text-zinc-600">No endpoints to watch yet.</p>;
  return (
    <ul aria-label="Endpoint health" className="divide-y divide-zinc-200 rounded-md border border-zinc-200">
      {endpoints.map((e) => (
        <EndpointRow key={e.id} endpoint={e} workspaceId={workspaceId} apiKeyId={apiKeyId} />
      ))}
    </ul>
  );
}

function EndpointRow({
  endpoint: e,
  workspaceId,
  apiKeyId,
}: {
  endpoint: Health;
  workspaceId: string;
  apiKeyId: string;
}) {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const toast = useToast();
  const send = useMutation(
    trpc.webhooks.sendTest.mutationOptions({
      onSuccess: (r) => {
        toast(`Test event ${r.messageId} sent; its attempt shows in the delivery log.`);
        return queryClient.invalidateQueries(trpc.webhooks.pathFilter());
      },
      onError: (error) => toast(error.message, "error"),
    }),
  );
  return (
    <li aria-label={e.name} className="space-y-2 p-3 sm:p-4" data-state={e.state}>
      {/* The badge leads the row: toasts open in the bottom right corner, where a trailing badge would sit. */}
      <div className="flex items-start gap-3">
        <EndpointStateBadge state={e.state} />
        <div className="min-w-0">
          <Link href={endpointHref(workspaceId, apiKeyId, e.id)} className={`${ui.link} break-words`}>
            {e.name}
          </Link>
          {e.name !== e.url && <p className="font-mono text-xs wrap-anywhere text-zinc-500">{e.url}</p>}
        </div>
      </div>
      <EndpointHealthFacts health={e} />
      <button
        type="button"
        className={`${ui.secondary} ${ui.small}`}
        disabled={send.isPending || e.state === "disabled"}
        onClick={() => send.mutate({ workspaceId, apiKeyId, data: { endpointId: e.id } })}
      >
        {send.isPending ? "Sending…" : "Send test event"}
      </button>
    </li>
  );
}
