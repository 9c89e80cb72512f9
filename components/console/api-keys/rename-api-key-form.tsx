"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiKeyKeys } from "@/lib/console/api-keys/query-keys";
import { callOperation } from "@/lib/console/operations";
import { updateApiKeyInput } from "@/lib/domain/api-keys/update-api-key";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { TextField } from "../text-field";
import { useCheckedMutation } from "../use-checked-mutation";
import { useHydrated } from "../use-hydrated";

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
  const hydrated = useHydrated();
  const [apiKeyName, setApiKeyName] = useState(name);
  const rename = useCheckedMutation(
    updateApiKeyInput,
    (input) => callOperation("/v2/workspace/apikey/update", input, { workspaceId }),
    async () => {
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all(workspaceId) });
      router.refresh();
    },
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    rename.submit({ apiKey: apiKeyId, apiKeyName: apiKeyName.trim() });
  }

  return (
    <form onSubmit={submit} noValidate data-ready={hydrated || undefined} className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <TextField
            label="Name"
            value={apiKeyName}
            onChange={(e) => setApiKeyName(e.target.value)}
            invalid={!!rename.error}
          />
        </div>
        <button type="submit" className={ui.secondary} disabled={!hydrated || rename.pending}>
          {rename.pending ? "Saving…" : "Rename"}
        </button>
      </div>
      <FormMessage error={rename.error} success={rename.succeeded ? "Name saved." : null} />
    </form>
  );
}
