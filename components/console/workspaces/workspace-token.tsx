"use client";

import { FormMessage } from "../form-message";
import { SecretValue } from "../secret-value";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { useRevealedQuery } from "../use-revealed-query";

/** The workspace auth token, for the workspace-level REST endpoints; hidden until asked for. */
export function WorkspaceToken({ workspaceId }: { workspaceId: string }) {
  const trpc = useTRPC();
  const secret = useRevealedQuery(trpc.v2.workspace.get.queryOptions({ workspaceId, data: {} }));
  const token = secret.shown ? secret.query.data?.authToken : undefined;
  return (
    <div className="space-y-3">
      {token && <SecretValue label="Workspace auth token" value={token} />}
      <FormMessage error={secret.query.error?.message} />
      <button
        type="button"
        className={`${ui.secondary} ${ui.small}`}
        onClick={secret.shown ? secret.hide : secret.show}
        disabled={secret.query.isFetching}
      >
        {secret.shown
          ? secret.query.isFetching
            ? "Revealing…"
            : "Hide workspace auth token"
          : "Reveal workspace auth token"}
      </button>
    </div>
  );
}
