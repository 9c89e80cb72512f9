"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { updateApiKeyInput } from "@/lib/domain/api-keys/update-api-key-input";
import { SaveBar } from "../save-bar";
import { TextField } from "../text-field";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { useCheckedMutation } from "../use-checked-mutation";
import { useDirty } from "../use-dirty";
import { useHydrated } from "../use-hydrated";

const LABELS = { apiKeyName: "Name" };

/** Update API Key: the key's name. */
export function RenameApiKeyForm({
  workspaceId,
  apiKeyId,
  name,
}: {
  workspaceId: string;
  apiKeyId: string;
  name: string;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const hydrated = useHydrated();
  const toast = useToast();
  const [apiKeyName, setApiKeyName] = useState(name);
  const dirty = useDirty(name);
  const rename = useCheckedMutation(
    updateApiKeyInput,
    trpc.v2.workspace.apikey.update.mutationOptions({
      onSuccess: async (_data, { data }) => {
        dirty.saved(data.apiKeyName ?? name);
        toast("Name saved.");
        await queryClient.invalidateQueries(trpc.pathFilter());
        router.refresh();
      },
    }),
    (data) => ({ workspaceId, data }),
    LABELS,
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    rename.submit({ apiKey: apiKeyId, apiKeyName: apiKeyName.trim() });
  }

  return (
    <form onSubmit={submit} noValidate data-ready={hydrated || undefined} className="space-y-3">
      <TextField
        label="Name"
        value={apiKeyName}
        onChange={(e) => {
          setApiKeyName(e.target.value);
          rename.edited("apiKeyName");
        }}
        error={rename.errorFor("apiKeyName")}
      />
      <SaveBar
        label="Save name"
        dirty={dirty.isDirty(apiKeyName.trim())}
        pending={rename.pending}
        hydrated={hydrated}
        error={rename.error}
      />
    </form>
  );
}
