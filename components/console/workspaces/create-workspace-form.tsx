"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { withoutBlanks } from "@/lib/console/format";
import { apiKeyBase } from "@/lib/console/sections";
import { createWorkspaceInput } from "@/lib/domain/workspaces/create-workspace-input";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { TextField } from "../text-field";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { useCheckedMutation } from "../use-checked-mutation";
import { useHydrated } from "../use-hydrated";

const LABELS = {
  ownerEmail: "Owner email",
  workspaceName: "Workspace name",
  name: "Owner name",
  avatar: "Avatar URL",
};

/** Create Workspace with the REST endpoint's schema and rules; owners create for their own address. */
export function CreateWorkspaceForm({ ownerEmail, operator }: { ownerEmail: string; operator: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const toast = useToast();
  const hydrated = useHydrated();
  const [values, setValues] = useState({ ownerEmail, workspaceName: "", name: "", avatar: "" });
  const create = useCheckedMutation(
    createWorkspaceInput,
    trpc.workspaces.create.mutationOptions({
      onSuccess: async (created) => {
        await queryClient.invalidateQueries(trpc.workspaces.pathFilter());
        toast("Workspace created. Make a first call with its test key.");
        router.push(apiKeyBase(created.id, created.firstApiKeyId));
      },
    }),
    (data) => ({ data }),
    LABELS,
  );
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    create.edited(field);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    create.submit(withoutBlanks(values));
  }

  return (
    <form onSubmit={submit} noValidate data-ready={hydrated || undefined} className={`${ui.card} max-w-xl space-y-4`}>
      <TextField
        label="Owner email"
        type="email"
        autoComplete="email"
        value={values.ownerEmail}
        onChange={set("ownerEmail")}
        error={create.errorFor("ownerEmail")}
        readOnly={!operator}
        hint={
          operator
            ? "As an operator you may create a workspace for any address."
            : "Workspaces you create are owned by your address."
        }
      />
      <TextField
        label="Workspace name (optional)"
        value={values.workspaceName}
        onChange={set("workspaceName")}
        error={create.errorFor("workspaceName")}
        hint="Defaults to “<owner name> workspace”."
      />
      <TextField
        label="Owner name (optional)"
        autoComplete="name"
        value={values.name}
        onChange={set("name")}
        error={create.errorFor("name")}
      />
      <TextField
        label="Avatar URL (optional)"
        type="url"
        inputMode="url"
        value={values.avatar}
        onChange={set("avatar")}
        error={create.errorFor("avatar")}
        placeholder="https://…"
      />
      <FormMessage error={create.error} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" className={ui.primary} disabled={!hydrated || create.pending || create.succeeded}>
          {create.pending ? "Creating…" : "Create workspace"}
        </button>
      </div>
      <p className="text-sm text-zinc-500">
        An address may own up to five workspaces; a second one needs the first on the paid plan. Disposable email
        domains are refused.
      </p>
    </form>
  );
}
