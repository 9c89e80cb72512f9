"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { unwrap } from "@/lib/console/action-result";
import { deleteWorkspaceAction } from "@/lib/console/workspaces/delete-actions";
import { workspaceKeys } from "@/lib/console/workspaces/query-keys";
import { TypeToConfirm } from "../type-to-confirm";

/** Deletes the workspace, its keys and all their data. */
export function DeleteWorkspace({ workspaceId, name }: { workspaceId: string; name: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (confirmName: string) => unwrap(deleteWorkspaceAction({ confirmName }, { workspaceId })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: workspaceKeys.all });
      router.push("/workspaces");
      router.refresh();
    },
  });
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
      onConfirm={(typed) => remove.mutate(typed)}
    >
      {remove.isPending ? "Deleting…" : "Delete workspace"}
    </TypeToConfirm>
  );
}
