"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTRPC } from "../trpc";
import { TypeToConfirm } from "../type-to-confirm";

/** Deletes the workspace, its keys and all their data. */
export function DeleteWorkspace({ workspaceId, name }: { workspaceId: string; name: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const remove = useMutation(
    trpc.workspaces.delete.mutationOptions({
      onSuccess: () => {
        queryClient.removeQueries(trpc.workspaces.pathFilter());
        router.push("/workspaces");
        router.refresh();
      },
    }),
  );
  return (
    <TypeToConfirm
      title="Delete this workspace?"
      description={
        <p>
          The workspace, every API key in it and all their data are deleted, and its credentials stop working at once.
          This cannot be undone.
        </p>
      }
      name={name}
      confirmLabel="Delete workspace"
      busy={remove.isPending}
      error={remove.error?.message}
      onConfirm={(confirmName) => remove.mutate({ workspaceId, data: { confirmName } })}
    >
      {remove.isPending ? "Deleting…" : "Delete workspace"}
    </TypeToConfirm>
  );
}
