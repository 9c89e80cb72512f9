"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiKeyKeys } from "@/lib/console/api-keys/query-keys";
import { unwrap } from "@/lib/console/action-result";
import { deleteApiKeyAction } from "@/lib/console/workspaces/delete-actions";
import { TypeToConfirm } from "../type-to-confirm";

/** Revokes the key for good: its credentials stop working at once and its data is deleted. */
export function DeleteApiKey({ workspaceId, apiKeyId, name }: { workspaceId: string; apiKeyId: string; name: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (confirmName: string) => unwrap(deleteApiKeyAction({ apiKey: apiKeyId, confirmName }, { workspaceId })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: apiKeyKeys.all(workspaceId) });
      router.push(`/workspaces/${encodeURIComponent(workspaceId)}/keys`);
      router.refresh();
    },
  });
  return (
    <TypeToConfirm
      title="Revoke and delete this API key?"
      description={
        <>
          <p>
            Every call with this key is refused from now on, on every instance. Its organizations, documents, users,
            comments, notifications, webhooks and logs are deleted. This cannot be undone.
          </p>
        </>
      }
      name={name}
      confirmLabel="Delete API key"
      busy={remove.isPending}
      error={remove.error?.message}
      onConfirm={(typed) => remove.mutate(typed)}
    >
      {remove.isPending ? "Deleting…" : "Delete API key"}
    </TypeToConfirm>
  );
}
