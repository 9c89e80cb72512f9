"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { unwrap } from "@/lib/console/action-result";
import { callOperation } from "@/lib/console/operations";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { TextField } from "../text-field";
import type { EndpointView } from "./types";

/**
 * Create (no `endpoint`) or update an advanced webhook endpoint. No event type ticked means every type; the
 * server action parses with the REST endpoint's schema and answers with its message.
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
  const rateId = useId();
  const target = { workspaceId, apiKeyId };
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [description, setDescription] = useState(endpoint?.description ?? "");
  const [types, setTypes] = useState<string[]>(endpoint?.filterTypes ?? []);
  const [rateLimit, setRateLimit] = useState(endpoint?.rateLimit?.toString() ?? "");
  const [disabled, setDisabled] = useState(endpoint?.disabled ?? false);

  const save = useMutation({
    mutationFn: async () => {
      const rate = rateLimit.trim() === "" ? undefined : Number(rateLimit);
      const fields = {
        url: url.trim(),
        description: description.trim(),
        disabled,
        ...(types.length > 0 && { filterTypes: types }),
        ...(rate !== undefined && { rateLimit: rate }),
      };
      return endpoint
        ? unwrap(
            callOperation(
              "/v2/workspace/advancedwebhook/endpoints/update",
              { endpointId: endpoint.id, ...fields },
              target,
            ),
          )
        : unwrap(callOperation("/v2/workspace/advancedwebhook/endpoints/create", fields, target));
    },
    onSuccess: (saved) => {
      if (!endpoint) {
        setUrl("");
        setDescription("");
        setTypes([]);
        setRateLimit("");
        setDisabled(false);
      }
      onDone(saved, !endpoint);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={endpoint ? `Edit ${endpoint.url}` : "New endpoint"}
    >
      <TextField
        label={endpoint ? "URL" : "New endpoint URL"}
        type="url"
        inputMode="url"
        placeholder="https://example.com/webhooks"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        invalid={!!save.error}
      />
      <TextField
        label={endpoint ? "Description" : "New endpoint description"}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <fieldset>
        <legend className="text-sm font-medium text-zinc-800">Event types</legend>
        <p className={ui.hint}>
          None ticked: every event type{endpoint?.filterTypes ? " (a saved filter can be changed, not removed)" : ""}.
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {eventTypes.map((t) => (
            <label key={t} className="flex min-w-0 items-center gap-2">
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-zinc-900"
                checked={types.includes(t)}
                onChange={(e) => setTypes((all) => (e.target.checked ? [...all, t] : all.filter((x) => x !== t)))}
              />
              <span className="font-mono text-sm break-all text-zinc-800">{t}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        <div>
          <label htmlFor={rateId} className={ui.label}>
            Rate limit (deliveries per second, optional)
          </label>
          <input
            id={rateId}
            type="number"
            min={1}
            inputMode="numeric"
            className={`${ui.input} mt-1`}
            value={rateLimit}
            onChange={(e) => setRateLimit(e.target.value)}
          />
        </div>
        <label className="flex items-center gap-2 pb-2">
          <input
            type="checkbox"
            className="size-4 accent-zinc-900"
            checked={disabled}
            onChange={(e) => setDisabled(e.target.checked)}
          />
          <span className="text-sm text-zinc-800">Disabled (deliveries to it are skipped)</span>
        </label>
      </div>
      <FormMessage error={save.error?.message} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" className={ui.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : endpoint ? "Save endpoint" : "Add endpoint"}
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
