"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { ConfirmButton } from "../confirm-button";
import { FormMessage } from "../form-message";
import { SecretValue } from "../secret-value";
import { useTRPC } from "../trpc";

/**
 * Rotate every auth token of the workspace (its own and each key's) after confirming; the new tokens are shown
 * here once, with copy buttons. How an owner cuts off whoever created the workspace for their email.
 */
export function RotateTokens({ workspaceId }: { workspaceId: string }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const trpc = useTRPC();
  const rotate = useMutation(
    trpc.v2.workspace.authtokens.rotate.mutationOptions({
      // Every token read so far is stale: drop the revealed ones, refetch what is shown. The page's "Review after
      // rotating" section (rendered on the server) lists what the old tokens set up.
      onSuccess: () => {
        router.refresh();
        queryClient.removeQueries(trpc.v2.workspace.get.pathFilter());
        queryClient.removeQueries(trpc.v2.workspace.authtokens.get.pathFilter());
        return queryClient.invalidateQueries(trpc.v2.pathFilter());
      },
    }),
  );
  const done = rotate.data;
  return (
    <div className="space-y-3">
      {done && (
        <div className="space-y-2" aria-label="New auth tokens">
          <SecretValue label="New workspace auth token" value={done.authToken} />
          {done.apiKeys.map((k) => (
            <div key={k.apiKey} className="space-y-1">
              <p className="text-sm font-medium text-zinc-800">
                API key <code className="font-mono">{k.apiKey}</code>
              </p>
              <SecretValue label={`New auth token of ${k.apiKey}`} value={k.newAuthToken.token} />
            </div>
          ))}
        </div>
      )}
      <FormMessage
        error={rotate.error?.message}
        success={
          done ? "Every auth token was replaced. The previous tokens no longer work; copy the new ones now." : null
        }
      />
      <ConfirmButton
        title="Rotate every auth token?"
        description={
          <p>
            The workspace auth token and the auth tokens of all its API keys are replaced. Every previous token stops
            working at once, for you and for anyone else who has one: update your clients with the new tokens.
          </p>
        }
        confirmLabel="Rotate all auth tokens"
        onConfirm={() => rotate.mutate({ workspaceId, data: {} })}
        disabled={rotate.isPending}
      >
        {rotate.isPending ? "Rotating…" : "Rotate all auth tokens"}
      </ConfirmButton>
    </div>
  );
}
