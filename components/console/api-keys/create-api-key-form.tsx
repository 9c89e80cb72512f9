"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { withDomainCheck } from "@/lib/console/domain-list";
import { splitList, withoutBlanks } from "@/lib/console/format";
import {
  API_KEY_TYPES,
  createApiKeyInput,
  DEFAULT_PERSISTENCE_REGION,
  DEFAULT_REALTIME_REGION,
} from "@/lib/domain/api-keys/create-api-key-input";
import { REGIONS } from "@/lib/domain/fields";
import { FieldError } from "../field-error";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { TextField } from "../text-field";
import { useTRPC } from "../trpc";
import { useCheckedMutation } from "../use-checked-mutation";
import { useHydrated } from "../use-hydrated";

const createApiKeyForm = withDomainCheck(createApiKeyInput, "allowedDomains");
const LABELS = { apiKeyName: "Name", type: "Type", ownerEmail: "Owner email", allowedDomains: "Allowed domains" };

/** Create API Key with the REST endpoint's schema; regions apply to production keys only. */
export function CreateApiKeyForm({ workspaceId, ownerEmail }: { workspaceId: string; ownerEmail: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const ids = {
    type: useId(),
    persistence: useId(),
    realtime: useId(),
    domains: useId(),
    domainsHint: useId(),
    domainsError: useId(),
  };
  const [values, setValues] = useState({
    apiKeyName: "",
    type: "testing" as string,
    ownerEmail,
    persistenceDBRegion: DEFAULT_PERSISTENCE_REGION as string,
    realtimeDBRegion: DEFAULT_REALTIME_REGION as string,
    allowedDomains: "",
    addLocalHostToAllowedDomains: false,
    createAuthToken: true,
  });
  const create = useCheckedMutation(
    createApiKeyForm,
    trpc.v2.workspace.apikey.create.mutationOptions({
      onSuccess: async (created) => {
        await queryClient.invalidateQueries(trpc.pathFilter());
        router.push(`/workspaces/${workspaceId}/keys/${created.apiKey}`);
      },
    }),
    (data) => ({ workspaceId, data }),
    LABELS,
  );
  const production = values.type === "production";
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    create.edited(field);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const { allowedDomains, persistenceDBRegion, realtimeDBRegion, ...rest } = values;
    const domains = splitList(allowedDomains);
    create.submit({
      ...withoutBlanks(rest),
      ...(production && { persistenceDBRegion, realtimeDBRegion }),
      ...(domains.length > 0 && { allowedDomains: domains }),
    });
  }

  return (
    <form onSubmit={submit} noValidate data-ready={hydrated || undefined} className={`${ui.card} max-w-xl space-y-4`}>
      <TextField
        label="Name (optional)"
        value={values.apiKeyName}
        onChange={set("apiKeyName")}
        error={create.errorFor("apiKeyName")}
        hint="Defaults to “<Owner> Test API Key” or “<Owner> Production API Key”."
      />
      <div>
        <label htmlFor={ids.type} className={ui.label}>
          Type
        </label>
        <select id={ids.type} className={`${ui.input} mt-1`} value={values.type} onChange={set("type")}>
          {API_KEY_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      {production && (
        <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm text-zinc-600">Production keys keep their data in these regions.</legend>
          <RegionSelect
            id={ids.persistence}
            label="Persistence region"
            value={values.persistenceDBRegion}
            onChange={set("persistenceDBRegion")}
          />
          <RegionSelect
            id={ids.realtime}
            label="Realtime region"
            value={values.realtimeDBRegion}
            onChange={set("realtimeDBRegion")}
          />
        </fieldset>
      )}
      <TextField
        label="Owner email"
        type="email"
        value={values.ownerEmail}
        onChange={set("ownerEmail")}
        error={create.errorFor("ownerEmail")}
      />
      <div>
        <label htmlFor={ids.domains} className={ui.label}>
          Allowed domains (optional)
        </label>
        <textarea
          id={ids.domains}
          rows={3}
          aria-describedby={
            create.errorFor("allowedDomains") ? `${ids.domainsError} ${ids.domainsHint}` : ids.domainsHint
          }
          aria-invalid={create.errorFor("allowedDomains") ? true : undefined}
          className={`${ui.input} mt-1`}
          value={values.allowedDomains}
          onChange={set("allowedDomains")}
          placeholder="app.example.com"
        />
        <FieldError id={ids.domainsError} error={create.errorFor("allowedDomains")} />
        <p id={ids.domainsHint} className={ui.hint}>
          Host names (app.example.com, *.example.com) or origins (https://app.example.com), one per line or separated by
          commas.
        </p>
      </div>
      <Checkbox
        label="Also allow localhost"
        checked={values.addLocalHostToAllowedDomains}
        onChange={(c) => setValues((v) => ({ ...v, addLocalHostToAllowedDomains: c }))}
      />
      <Checkbox
        label="Create an auth token for the key"
        checked={values.createAuthToken}
        onChange={(c) => setValues((v) => ({ ...v, createAuthToken: c }))}
      />
      <FormMessage error={create.error} />
      <button type="submit" className={ui.primary} disabled={!hydrated || create.pending || create.succeeded}>
        {create.pending ? "Creating…" : "Create API key"}
      </button>
    </form>
  );
}

function RegionSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <select id={id} className={`${ui.input} mt-1`} value={value} onChange={onChange}>
        {REGIONS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
    </div>
  );
}

function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-3 text-sm font-medium text-zinc-800">
      <input
        type="checkbox"
        className="size-4 accent-zinc-900"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}
