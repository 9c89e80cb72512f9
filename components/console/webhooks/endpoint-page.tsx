"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { useHydrated } from "../use-hydrated";
import { AttemptChart } from "./attempt-chart";
import { DeliveryLog } from "./delivery-log";
import { EndpointForm } from "./endpoint-form";
import { EndpointHealthFacts, EndpointStateBadge } from "./endpoint-health";
import { EndpointSecret } from "./endpoint-secret";
import { advancedWebhooksHref, eventCatalogHref } from "./links";
import { RecoverFailed } from "./recover-failed";
import { SendExample } from "./send-example";

type Range = "24h" | "14d";
const RANGES: [Range, string][] = [
  ["24h", "Last 24 hours"],
  ["14d", "Last 14 days"],
];

/**
 * One advanced webhook endpoint, as Svix's app portal shows it: its state and attempts over time, "Send
 * example" and "Recover failed messages", its messages and attempts (live), its signing secret and settings.
 */
export function EndpointPage({
  workspaceId,
  apiKeyId,
  endpointId,
  eventTypes,
}: {
  workspaceId: string;
  apiKeyId: string;
  endpointId: string;
  eventTypes: readonly string[];
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const hydrated = useHydrated();
  const [range, setRange] = useState<Range>("24h");
  const overview = useQuery(
    trpc.webhooks.endpoint.queryOptions(
      { workspaceId, apiKeyId, data: { endpointId, range } },
      { placeholderData: (previous) => previous },
    ),
  );
  if (!overview.data)
    return overview.error ? <FormMessage error={overview.error.message} /> : <p className="text-sm">Loading…</p>;
  const { endpoint, health, series, unit } = overview.data;
  const off = endpoint.disabled;

  return (
    <div className="space-y-6" data-ready={hydrated || undefined}>
      <nav aria-label="Webhooks" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link href={advancedWebhooksHref(workspaceId, apiKeyId)} className={ui.link}>
          ← All endpoints
        </Link>
        <Link href={eventCatalogHref(workspaceId, apiKeyId)} className={ui.link}>
          Event catalog
        </Link>
      </nav>

      <section aria-labelledby="endpoint-heading" className={`${ui.card} space-y-4`}>
        {/* The badge leads: toasts open in the bottom right corner. */}
        <div className="flex items-start gap-3">
          <EndpointStateBadge state={health.state} />
          <div className="min-w-0">
            <h2 id="endpoint-heading" className={`${ui.cardTitle} break-words`}>
              {health.name}
            </h2>
            <p className={`${ui.mono} text-zinc-600`}>{endpoint.url}</p>
            <p className="font-mono text-xs wrap-anywhere text-zinc-500">{endpoint.id}</p>
          </div>
        </div>
        <EndpointHealthFacts health={health} />
        <div className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-zinc-900">Attempts over time</h3>
            <div role="group" aria-label="Chart range" className="flex gap-2">
              {RANGES.map(([value, label]) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={range === value}
                  className={`${range === value ? ui.primary : ui.secondary} ${ui.small}`}
                  onClick={() => setRange(value)}
                >
                  {label}
                </button>
              ))}
            </div>
          </div>
          <AttemptChart series={series} unit={unit} />
        </div>
      </section>

      <section aria-labelledby="actions-heading" className={`${ui.card} space-y-6`}>
        <div>
          <h2 id="actions-heading" className={ui.cardTitle}>
            Send and recover
          </h2>
          {off && <p className="mt-1 text-sm text-zinc-600">The endpoint is disabled: enable it below first.</p>}
        </div>
        <SendExample workspaceId={workspaceId} apiKeyId={apiKeyId} endpointId={endpoint.id} disabled={off} />
        <RecoverFailed
          workspaceId={workspaceId}
          apiKeyId={apiKeyId}
          endpointId={endpoint.id}
          // Since it started failing, else since the start of the chart's window.
          defaultSince={(health.failingSince ?? series[0]?.at ?? endpoint.createdAt).slice(0, 19)}
          disabled={off}
        />
      </section>

      <section aria-labelledby="log-heading" className={ui.card}>
        <h2 id="log-heading" className={`${ui.cardTitle} mb-1`}>
          Messages and attempts
        </h2>
        <p className="mb-4 text-sm text-zinc-600">
          Messages sent to this endpoint, newest first; open one for its attempts, numbered across resends and labelled
          by what caused them.
        </p>
        <DeliveryLog
          workspaceId={workspaceId}
          apiKeyId={apiKeyId}
          canResend
          eventTypes={eventTypes}
          endpointId={endpoint.id}
        />
      </section>

      <section aria-labelledby="settings-heading" className={`${ui.card} space-y-4`}>
        <h2 id="settings-heading" className={ui.cardTitle}>
          Signing secret and settings
        </h2>
        <EndpointSecret workspaceId={workspaceId} apiKeyId={apiKeyId} endpointId={endpoint.id} url={endpoint.url} />
        <div className="border-t border-zinc-200 pt-4">
          <EndpointForm
            key={endpoint.updatedAt}
            workspaceId={workspaceId}
            apiKeyId={apiKeyId}
            eventTypes={eventTypes}
            endpoint={endpoint}
            onDone={(saved) => {
              toast(`Saved ${saved.url}.`);
              return Promise.all([
                queryClient.invalidateQueries(trpc.webhooks.pathFilter()),
                queryClient.invalidateQueries(trpc.v2.workspace.advancedwebhook.endpoints.pathFilter()),
              ]);
            }}
          />
        </div>
      </section>
    </div>
  );
}
