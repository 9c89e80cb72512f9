"use client";

import Link from "next/link";
import { useState } from "react";
import { ui } from "../styles";
import { useHydrated } from "../use-hydrated";
import { AdvancedWebhookSwitch } from "./advanced-webhook-switch";
import { DeliveryLog } from "./delivery-log";
import { EndpointHealthPanel } from "./endpoint-health";
import { EndpointList } from "./endpoint-list";
import { eventCatalogHref } from "./links";
import type { AdvancedConfigView } from "./types";

/** The advanced webhooks tab: the on/off switch, the endpoints (while on) and the delivery log. */
export function AdvancedWebhooks({
  workspaceId,
  apiKeyId,
  eventTypes,
  initialConfig,
  configured: initiallyConfigured,
}: {
  workspaceId: string;
  apiKeyId: string;
  eventTypes: readonly string[];
  initialConfig: AdvancedConfigView;
  configured: boolean;
}) {
  const hydrated = useHydrated();
  const [config, setConfig] = useState(initialConfig);
  const [configured, setConfigured] = useState(initiallyConfigured);

  return (
    <div className="space-y-6" data-ready={hydrated || undefined}>
      <section aria-labelledby="advanced-heading" className={ui.card}>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="advanced-heading" className={ui.cardTitle}>
            Advanced webhooks
          </h2>
          <Link href={eventCatalogHref(workspaceId, apiKeyId)} className={`${ui.link} text-sm`}>
            Event catalog
          </Link>
        </div>
        <AdvancedWebhookSwitch
          workspaceId={workspaceId}
          apiKeyId={apiKeyId}
          config={config}
          configured={configured}
          onSaved={(next) => {
            setConfig(next);
            setConfigured(true);
          }}
        />
        <div className="mt-5 border-t border-zinc-200 pt-4">
          <h3 id="endpoints-heading" className="mb-3 text-sm font-semibold text-zinc-900">
            Endpoints
          </h3>
          {config.isEnabled ? (
            <EndpointList workspaceId={workspaceId} apiKeyId={apiKeyId} eventTypes={eventTypes} />
          ) : (
            <p className="text-sm text-zinc-600">Switch advanced webhooks on and save to add and manage endpoints.</p>
          )}
        </div>
      </section>

      {config.isEnabled && (
        <section aria-labelledby="health-heading" className={ui.card}>
          <h2 id="health-heading" className={`${ui.cardTitle} mb-1`}>
            Endpoint health
          </h2>
          <p className="mb-4 text-sm text-zinc-600">
            Whether each endpoint is receiving its messages: the last success, the share of failed attempts over the
            last 24 hours, and why an endpoint is disabled. Send test event delivers a signed{" "}
            <code className="font-mono">webhook.test</code> message to it now; open an endpoint for its chart, its own
            log, examples of any event type and recovery of failed messages.
          </p>
          <EndpointHealthPanel workspaceId={workspaceId} apiKeyId={apiKeyId} />
        </section>
      )}

      <section aria-labelledby="log-heading" className={ui.card}>
        <h2 id="log-heading" className={`${ui.cardTitle} mb-1`}>
          Delivery log
        </h2>
        <p className="mb-4 text-sm text-zinc-600">
          Events sent to webhooks, newest first; open one for its attempts (status, duration, the start of the answer)
          and to resend it.
        </p>
        <DeliveryLog
          workspaceId={workspaceId}
          apiKeyId={apiKeyId}
          canResend={config.isEnabled}
          eventTypes={eventTypes}
        />
      </section>
    </div>
  );
}
