"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { useState } from "react";
import { formatTime } from "@/lib/console/format";
import { messagePage, type DeliveryFilter, type DeliveryOutcome } from "@/lib/console/query-inputs";
import { eventLabel } from "@/lib/domain/events/event-catalogue";
import { FormMessage } from "../form-message";
import { Pager } from "../pager";
import { FilterSelect } from "../filter-select";
import { ui } from "../styles";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { useHydrated } from "../use-hydrated";
import { usePagedQuery } from "../use-paged-query";
import { ExactTime, useEndpointHealth } from "./endpoint-health";
import { nextIterator, type AttemptView, type MessageView } from "./types";

const ATTEMPTS_SHOWN = 20;
const EXCERPT = 300;

const statusBadge = (status: string) =>
  status === "success"
    ? "border-emerald-300 bg-emerald-50 text-emerald-900"
    : status === "failed"
      ? "border-red-300 bg-red-50 text-red-800"
      : "border-zinc-300 bg-zinc-50 text-zinc-700";

/** What made an attempt, as the attempt list labels it. */
function attemptCause(a: Pick<AttemptView, "cause" | "retry">): string {
  switch (a.cause) {
    case "first":
      return "first try";
    case "retry":
      return a.retry ? `retry ${a.retry}` : "retry";
    case "manual":
      return "manual resend";
    case "test":
      return "test";
  }
}

/** A delivery's state as a person reads it: a pending delivery that was tried already is being retried. */
const deliveryState = (d: { status: string; attempts: number }) =>
  d.status === "pending" && d.attempts > 0 ? "retrying" : d.status;

/**
 * Keeps the delivery log, its attempts and endpoint health current while the page is open: the server pushes
 * an event whenever a delivery of the key changes (webhooks.deliveries), and the views showing it read again.
 */
function useDeliveryFeed(workspaceId: string, apiKeyId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useSubscription(
    trpc.webhooks.deliveries.subscriptionOptions(
      { workspaceId, apiKeyId, data: {} },
      {
        onData: () => {
          void queryClient.invalidateQueries(trpc.webhooks.pathFilter());
          void queryClient.invalidateQueries(trpc.v2.workspace.advancedwebhook.attempts.pathFilter());
        },
      },
    ),
  );
}

type Filter = DeliveryFilter;
type Outcome = DeliveryOutcome;
const outcomes: [Outcome, string][] = [
  ["success", "Delivered"],
  ["failed", "Failed"],
  ["pending", "Retrying / pending"],
  ["skipped", "Skipped"],
];

/**
 * The delivery log: filters by endpoint, event type and outcome over the pages of messages. With `endpointId`
 * (an endpoint's page) it shows that endpoint's messages only, without the endpoint filter.
 */
export function DeliveryLog({
  workspaceId,
  apiKeyId,
  canResend,
  eventTypes,
  endpointId,
}: {
  workspaceId: string;
  apiKeyId: string;
  canResend: boolean;
  eventTypes: readonly string[];
  endpointId?: string;
}) {
  const [chosen, setFilter] = useState<Filter>({});
  const filter = endpointId ? { ...chosen, endpointId } : chosen;
  const feed = useDeliveryFeed(workspaceId, apiKeyId);
  const endpoints = useEndpointHealth(workspaceId, apiKeyId).data ?? [];
  const set = (patch: Filter) => setFilter((f) => ({ ...f, ...patch }));
  return (
    <div className="space-y-4">
      <div className={`grid gap-3 ${endpointId ? "sm:grid-cols-2" : "sm:grid-cols-3"}`}>
        {!endpointId && (
          <FilterSelect
            className="min-w-0"
            label="Endpoint"
            allLabel="All endpoints"
            options={endpoints.map((e) => [e.id, e.name] as const)}
            value={filter.endpointId}
            onChange={(endpointId) => set({ endpointId })}
          />
        )}
        <FilterSelect
          className="min-w-0"
          label="Event type"
          allLabel="All event types"
          options={[...eventTypes, "webhook.test"].map((t) => [t, t] as const)}
          value={filter.eventType}
          onChange={(eventType) => set({ eventType })}
        />
        <FilterSelect
          className="min-w-0"
          label="Outcome"
          allLabel="All outcomes"
          options={outcomes}
          value={filter.outcome}
          onChange={(outcome) => set({ outcome: outcome as Outcome | undefined })}
        />
      </div>
      <Messages
        key={`${filter.endpointId}/${filter.eventType}/${filter.outcome}`}
        workspaceId={workspaceId}
        apiKeyId={apiKeyId}
        filter={filter}
        // An endpoint's page is not "filtered" by its own endpoint: only what the user chose counts.
        filtered={!!(chosen.endpointId || chosen.eventType || chosen.outcome)}
        live={feed.status === "pending"}
        canResend={canResend}
        names={new Map(endpoints.map((e) => [e.id, e.name]))}
      />
    </div>
  );
}

function Messages({
  workspaceId,
  apiKeyId,
  filter,
  filtered,
  live,
  canResend,
  names,
}: {
  workspaceId: string;
  apiKeyId: string;
  filter: Filter;
  filtered: boolean;
  live: boolean;
  canResend: boolean;
  names: Map<string, string>;
}) {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const { query, pager } = usePagedQuery(
    (iterator) => trpc.webhooks.deliveryLog.queryOptions(messagePage(workspaceId, apiKeyId, filter, iterator)),
    nextIterator,
  );
  const messages = query.data?.messages ?? [];
  const refresh = () => queryClient.invalidateQueries(trpc.webhooks.pathFilter());

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-zinc-600" aria-live="polite">
          {query.isFetching
            ? "Refreshing…"
            : // The time the page was rendered differs between server and browser (a minute may turn in between,
              // which broke hydration): it is shown once hydrated.
              `${hydrated && query.dataUpdatedAt ? `Updated ${formatTime(new Date(query.dataUpdatedAt), "second")}. ` : ""}${live ? "Live: deliveries update as they happen." : "Connecting for live updates…"}`}
        </p>
        <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={refresh} disabled={query.isFetching}>
          Refresh
        </button>
      </div>
      <FormMessage error={query.error?.message} />
      {query.isPending ? (
        <p className="text-sm text-zinc-600">Loading…</p>
      ) : messages.length === 0 ? (
        <p className="text-sm text-zinc-600">
          {filtered
            ? "No messages match these filters."
            : "No messages yet. Events show up here once a webhook is set to receive them."}
        </p>
      ) : (
        <ul aria-label="Messages" className="space-y-3">
          {messages.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              workspaceId={workspaceId}
              apiKeyId={apiKeyId}
              canResend={canResend}
              endpointId={filter.endpointId}
              names={names}
            />
          ))}
        </ul>
      )}
      <Pager label="Message pages" {...pager} />
    </div>
  );
}

function MessageItem({
  message: m,
  workspaceId,
  apiKeyId,
  canResend,
  endpointId,
  names,
}: {
  message: MessageView;
  workspaceId: string;
  apiKeyId: string;
  canResend: boolean;
  /** Only this endpoint's attempts (the log is filtered to it). */
  endpointId?: string;
  names: Map<string, string>;
}) {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const resendMutation = useMutation(
    trpc.v2.workspace.advancedwebhook.messages.resend.mutationOptions({
      onSuccess: (r) => {
        toast(
          r.endpointIds.length
            ? `Resend scheduled to ${r.endpointIds.length} endpoint${r.endpointIds.length > 1 ? "s" : ""}.`
            : "No endpoint to resend to.",
        );
        setOpen(true);
        return queryClient.invalidateQueries(trpc.webhooks.pathFilter());
      },
      onError: (e) => toast(e.message, "error"),
    }),
  );
  const resend = {
    isPending: resendMutation.isPending,
    mutate: (endpointId?: string) =>
      resendMutation.mutate({ workspaceId, apiKeyId, data: { messageId: m.id, ...(endpointId && { endpointId }) } }),
  };
  const hasEndpoint = m.deliveries.some((d) => d.target === "endpoint");
  return (
    <li aria-label={`${m.eventType} ${m.id}`} className="rounded-lg border border-zinc-200 bg-white">
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="flex cursor-pointer list-none flex-col gap-2 rounded-lg p-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 sm:p-4">
          <span className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
            <span className="min-w-0">
              <span className="block text-sm font-medium break-words text-zinc-900">
                {eventLabel(m.eventType)}{" "}
                <code className="font-mono text-xs font-normal text-zinc-500">{m.eventType}</code>
              </span>
              <span className="block font-mono text-xs wrap-anywhere text-zinc-500">{m.id}</span>
            </span>
            <span className="shrink-0 text-sm text-zinc-500">
              <ExactTime value={m.timestamp} />
            </span>
          </span>
          {/* The badges sit on the left: toasts open in the bottom right corner. */}
          <span className="flex flex-wrap items-center gap-2">
            {m.deliveries.map((d, i) => (
              <span key={i} className={`${ui.badge} ${statusBadge(d.status)}`}>
                {d.target === "endpoint" ? (d.endpointId && names.get(d.endpointId)) || "endpoint" : d.target}:{" "}
                {deliveryState(d)}
                {deliveryState(d) === "retrying" && d.nextAttemptAt && (
                  <>, next attempt {formatTime(d.nextAttemptAt, "second").slice(11, 19)}</>
                )}
              </span>
            ))}
          </span>
        </summary>
        {open && (
          <div className="space-y-3 border-t border-zinc-200 p-3 sm:p-4">
            <ul className="space-y-1 text-sm text-zinc-700">
              {m.deliveries.map((d, i) => (
                <li key={i} className="flex flex-wrap items-center gap-2 wrap-anywhere">
                  <span>
                    {d.target === "endpoint"
                      ? `Endpoint ${d.endpointId ? (names.get(d.endpointId) ?? d.endpointId) : "(deleted)"}`
                      : `Simple webhook (${d.target}) ${d.url ?? ""}`}
                    : {deliveryState(d)}, {d.attempts} attempt
                    {d.attempts === 1 ? "" : "s"}
                    {d.nextAttemptAt && (
                      <>
                        , next attempt <ExactTime value={d.nextAttemptAt} />
                      </>
                    )}
                    {d.lastError && <span className="text-red-800"> ({d.lastError})</span>}
                  </span>
                  {canResend && d.target === "endpoint" && d.endpointId && d.status === "failed" && (
                    <button
                      type="button"
                      className={`${ui.secondary} ${ui.small}`}
                      disabled={resend.isPending}
                      onClick={() => resend.mutate(d.endpointId!)}
                    >
                      Resend to this endpoint
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <details>
              <summary className="cursor-pointer rounded-sm text-sm font-medium text-zinc-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900">
                Payload
              </summary>
              <pre className="mt-2 max-h-64 overflow-auto rounded bg-zinc-50 p-2 font-mono text-xs wrap-anywhere whitespace-pre-wrap text-zinc-800">
                {JSON.stringify(m.payload, null, 2)}
              </pre>
            </details>
            <Attempts
              workspaceId={workspaceId}
              apiKeyId={apiKeyId}
              messageId={m.id}
              endpointId={endpointId}
              names={names}
            />
            {canResend && hasEndpoint && (
              <button
                type="button"
                className={`${ui.secondary} ${ui.small}`}
                disabled={resend.isPending}
                onClick={() => resend.mutate(undefined)}
              >
                {resend.isPending ? "Resending…" : "Resend"}
              </button>
            )}
          </div>
        )}
      </details>
    </li>
  );
}

function Attempts({
  workspaceId,
  apiKeyId,
  messageId,
  endpointId,
  names,
}: {
  workspaceId: string;
  apiKeyId: string;
  messageId: string;
  endpointId?: string;
  names: Map<string, string>;
}) {
  const trpc = useTRPC();
  const attempts = useQuery(
    trpc.v2.workspace.advancedwebhook.attempts.get.queryOptions({
      workspaceId,
      apiKeyId,
      data: { messageId, endpointId, limit: ATTEMPTS_SHOWN },
    }),
  );
  if (attempts.error) return <FormMessage error={attempts.error.message} />;
  const list: AttemptView[] = attempts.data?.attempts ?? [];
  if (attempts.isPending) return <p className="text-sm text-zinc-500">Loading attempts…</p>;
  if (list.length === 0) return <p className="text-sm text-zinc-500">No attempts yet.</p>;
  return (
    <div>
      <ol
        aria-label={`Attempts of ${messageId}`}
        className="divide-y divide-zinc-200 rounded-md border border-zinc-200"
      >
        {list.map((a) => (
          <li key={a.id} className="space-y-1 p-3 text-sm">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className={`${ui.badge} ${statusBadge(a.status)}`}>
                {a.responseStatusCode === 0 ? "no answer" : `HTTP ${a.responseStatusCode}`}
              </span>
              <span className="font-medium text-zinc-900">
                Attempt {a.attempt} · {attemptCause(a)}
              </span>
              <span className="text-zinc-600">{a.durationMs} ms</span>
              <span className="text-zinc-500">
                <ExactTime value={a.timestamp} />
              </span>
            </div>
            <p className="text-xs wrap-anywhere text-zinc-500">
              {a.endpointId && names.get(a.endpointId) ? `${names.get(a.endpointId)} · ` : ""}
              <span className="font-mono">{a.url}</span>
            </p>
            {a.error && <p className="break-words text-red-800">{a.error}</p>}
            {a.response && (
              <pre className="max-h-32 overflow-auto rounded bg-zinc-50 p-2 font-mono text-xs wrap-anywhere whitespace-pre-wrap text-zinc-800">
                {a.response.length > EXCERPT ? `${a.response.slice(0, EXCERPT)}…` : a.response}
              </pre>
            )}
          </li>
        ))}
      </ol>
      {!attempts.data?.done && (
        <p className="mt-2 text-sm text-zinc-500">Showing the latest {ATTEMPTS_SHOWN} attempts.</p>
      )}
    </div>
  );
}
