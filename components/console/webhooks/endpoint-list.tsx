"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { endpointPage } from "@/lib/console/query-inputs";
import { eventLabel } from "@/lib/domain/events/event-catalogue";
import { ConfirmButton } from "../confirm-button";
import { FormMessage } from "../form-message";
import { Pager } from "../pager";
import { ui } from "../styles";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { usePagedQuery } from "../use-paged-query";
import { EndpointForm } from "./endpoint-form";
import { EndpointSecret } from "./endpoint-secret";
import { endpointHref } from "./links";
import { nextIterator, type EndpointView } from "./types";

/**
 * Get Advanced Webhook Endpoints page by page, each one compact row with edit, secret and delete; the form to
 * add one opens below on request.
 */
export function EndpointList({
  workspaceId,
  apiKeyId,
  eventTypes,
}: {
  workspaceId: string;
  apiKeyId: string;
  eventTypes: readonly string[];
}) {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const toast = useToast();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const api = trpc.v2.workspace.advancedwebhook.endpoints;
  const { query, pager } = usePagedQuery(
    (iterator) => api.get.queryOptions(endpointPage(workspaceId, apiKeyId, iterator)),
    nextIterator,
  );
  // Endpoint names show in the health panel and the delivery log's filter too.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(api.pathFilter()),
      queryClient.invalidateQueries(trpc.webhooks.pathFilter()),
    ]);
  const remove = useMutation(
    api.delete.mutationOptions({
      onError: (e) => toast(e.message, "error"),
    }),
  );
  const removeEndpoint = (endpoint: EndpointView) =>
    remove.mutate(
      { workspaceId, apiKeyId, data: { endpointId: endpoint.id } },
      {
        onSuccess: () => {
          toast(`Deleted ${endpoint.url}.`);
          return refresh();
        },
      },
    );
  const endpoints = query.data?.endpoints ?? [];

  return (
    <div className="space-y-4">
      {query.isPending ? (
        <p className="text-sm text-zinc-600">Loading endpoints…</p>
      ) : endpoints.length === 0 ? (
        <p className="text-sm text-zinc-600">No endpoints yet.</p>
      ) : (
        <div>
          <ul aria-label="Endpoints" className="divide-y divide-zinc-200 rounded-md border border-zinc-200">
            {endpoints.map((e) => (
              <li key={e.id} className="space-y-3 p-3">
                <div className="flex items-start gap-3">
                  {e.disabled && (
                    <span className={`${ui.badge} shrink-0 border-amber-300 bg-amber-50 text-amber-900`}>Disabled</span>
                  )}
                  <div className="min-w-0">
                    <Link
                      href={endpointHref(workspaceId, apiKeyId, e.id)}
                      title="Open the endpoint's page: its attempts, chart, examples and recovery"
                      className={`${ui.link} ${ui.mono}`}
                    >
                      {e.url}
                    </Link>
                    {e.description && <p className="text-sm break-words text-zinc-600">{e.description}</p>}
                    <p className="text-sm break-words text-zinc-500">
                      {e.filterTypes ? e.filterTypes.map(eventLabel).join(", ") : "Every event type"}
                      {e.rateLimit !== null && ` · at most ${e.rateLimit}/s`}
                    </p>
                  </div>
                </div>
                {editing === e.id ? (
                  <EndpointForm
                    workspaceId={workspaceId}
                    apiKeyId={apiKeyId}
                    eventTypes={eventTypes}
                    endpoint={e}
                    onCancel={() => setEditing(null)}
                    onDone={(saved) => {
                      setEditing(null);
                      toast(`Saved ${saved.url}.`);
                      return refresh();
                    }}
                  />
                ) : (
                  <EndpointSecret workspaceId={workspaceId} apiKeyId={apiKeyId} endpointId={e.id} url={e.url}>
                    <button
                      type="button"
                      aria-label={`Edit ${e.url}`}
                      className={`${ui.secondary} ${ui.small}`}
                      onClick={() => setEditing(e.id)}
                    >
                      Edit
                    </button>
                    <ConfirmButton
                      ariaLabel={`Delete ${e.url}`}
                      title={`Delete ${e.url}?`}
                      description={
                        <p>
                          The endpoint, its signing secret and its deliveries (pending ones and their attempt history)
                          are removed for good.
                        </p>
                      }
                      confirmLabel="Delete endpoint"
                      onConfirm={() => removeEndpoint(e)}
                      disabled={remove.isPending}
                      className={`${ui.dangerOutline} ${ui.small}`}
                    >
                      Delete
                    </ConfirmButton>
                  </EndpointSecret>
                )}
              </li>
            ))}
          </ul>
          <Pager label="Endpoint pages" {...pager} />
        </div>
      )}
      <FormMessage error={query.error?.message} />
      {adding ? (
        <div className="border-t border-zinc-200 pt-4">
          <h3 className="mb-3 text-sm font-semibold text-zinc-900">Add an endpoint</h3>
          <EndpointForm
            workspaceId={workspaceId}
            apiKeyId={apiKeyId}
            eventTypes={eventTypes}
            onCancel={() => setAdding(false)}
            onDone={(saved) => {
              setAdding(false);
              toast(`Added ${saved.url}.`);
              return refresh();
            }}
          />
        </div>
      ) : (
        <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={() => setAdding(true)}>
          Add an endpoint
        </button>
      )}
    </div>
  );
}
