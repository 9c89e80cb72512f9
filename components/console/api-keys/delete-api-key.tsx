"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "../trpc";
import { TypeToConfirm } from "../type-to-confirm";

/** Revokes the key for good: its credentials stop working at once and its data is deleted. */
export function DeleteApiKey({ workspaceId, apiKeyId, name }: { workspaceId: string; apiKeyId: string; name: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const remove = useMutation(
    trpc.apiKeys.delete.mutationOptions({
      onSuccess: () => {
        // Everything read about the workspace's keys is stale now.
        queryClient.removeQueries(trpc.pathFilter());
        router.push(`/workspaces/${encodeURIComponent(workspaceId)}/keys`);
        router.refresh();
      },
    }),
  );
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
      onConfirm={(confirmName) => remove.mutate({ workspaceId, data: { apiKey: apiKeyId, confirmName } })}
    >
      {remove.isPending ? "Deleting…" : "Delete API key"}
    </TypeToConfirm>
  );
}
