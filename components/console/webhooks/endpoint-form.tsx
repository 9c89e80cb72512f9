"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { endpointForm } from "@/lib/console/service-forms";
import { FormMessage } from "../form-message";
import { Switch } from "../switch";
import { ui } from "../styles";
import { TextField } from "../text-field";
import { useTRPC } from "../trpc";
import { useCheckedMutation } from "../use-checked-mutation";
import { EventCheckbox, eventGrid } from "./event-checkbox";
import type { EndpointView } from "./types";

const LABELS = { url: "URL", description: "Description", rateLimit: "Rate limit" };

interface EndpointFields {
  url: string;
  description: string;
  disabled: boolean;
  filterTypes?: string[];
  rateLimit?: number;
}

/**
 * Create (no `endpoint`) or update an advanced webhook endpoint. No event type ticked means every type; the
 * browser checks the fields first, the server action parses with the REST endpoint's schema.
 */
export function EndpointForm({
  workspaceId,
  apiKeyId,
  eventTypes,
  endpoint,
  onDone,
  onCancel,
}: {
  workspaceId: string;
  apiKeyId: string;
  eventTypes: readonly string[];
  endpoint?: EndpointView;
  onDone(endpoint: EndpointView, created: boolean): void;
  onCancel?(): void;
}) {
  const trpc = useTRPC();
  const target = { workspaceId, apiKeyId };
  const endpoints = trpc.v2.workspace.advancedwebhook.endpoints;
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [types, setTypes] = useState<string[]>(endpoint?.filterTypes ?? []);
  const [rateLimit, setRateLimit] = useState(endpoint?.rateLimit?.toString() ?? "");
  const [disabled, setDisabled] = useState(endpoint?.disabled ?? false);

  const saved = (result: EndpointView) => {
    if (!endpoint) {
      setUrl("");
      setDescription("");
      setTypes([]);
      setRateLimit("");
      setDisabled(false);
    }
    onDone(result, !endpoint);
  };
  // Create and update take the same fields (update also the endpoint's id): one form, two procedures.
  const create = useMutation(endpoints.create.mutationOptions({ onSuccess: saved }));
  const update = useMutation(endpoints.update.mutationOptions({ onSuccess: saved }));
  const save = useCheckedMutation(
    endpointForm,
    {
      mutationFn: (fields: EndpointFields) =>
        endpoint
          ? update.mutateAsync({ ...target, data: { endpointId: endpoint.id, ...fields } })
          : create.mutateAsync({ ...target, data: fields }),
    },
    (form): EndpointFields => ({
      url: form.url,
      description: form.description,
      disabled,
      ...(types.length > 0 && { filterTypes: types }),
      ...(form.rateLimit !== "" && { rateLimit: Number(form.rateLimit) }),
    }),
    LABELS,
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    save.submit({ url: url.trim(), description: description.trim(), rateLimit: rateLimit.trim() });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={endpoint ? `Edit ${endpoint.url}` : "New endpoint"}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={endpoint ? "URL" : "New endpoint URL"}
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            save.edited("url");
          }}
          error={save.errorFor("url")}
        />
        <TextField
          label={endpoint ? "Description" : "New endpoint description"}
          value={description}
          onChange={(e) => {
            setDescription(e.target.value);
            save.edited("description");
          }}
          error={save.errorFor("description")}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-zinc-800">Event types</legend>
        <p className={ui.hint}>
          None ticked: every event type{endpoint?.filterTypes ? " (a saved filter can be changed, not removed)" : ""}.
        </p>
        <div className={eventGrid}>
          {eventTypes.map((t) => (
            <EventCheckbox
              key={t}
              name={t}
              checked={types.includes(t)}
              onChange={(checked) => setTypes((all) => (checked ? [...all, t] : all.filter((x) => x !== t)))}
            />
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <TextField
          label="Rate limit (deliveries per second, optional)"
          inputMode="numeric"
          value={rateLimit}
          onChange={(e) => {
            setRateLimit(e.target.value);
            save.edited("rateLimit");
          }}
          error={save.errorFor("rateLimit")}
        />
        <div className="sm:pt-7">
          <Switch
            label="Disabled"
            description="Deliveries to it are skipped."
            checked={disabled}
            onChange={setDisabled}
          />
        </div>
      </div>
      <FormMessage error={save.error} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" className={ui.primary} disabled={save.pending}>
          {save.pending ? "Saving…" : endpoint ? "Save endpoint" : "Add endpoint"}
        </button>
        {onCancel && (
          <button type="button" className={ui.secondary} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
