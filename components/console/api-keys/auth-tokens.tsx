"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmButton } from "../confirm-button";
import { FormMessage } from "../form-message";
import { SecretValue } from "../secret-value";
import { ui } from "../styles";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { useRevealedQuery } from "../use-revealed-query";

/** Get Auth Tokens (on request) and Reset Auth Token (after confirming) for one key. */
export function AuthTokens({ workspaceId, apiKeyId }: { workspaceId: string; apiKeyId: string }) {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const input = { workspaceId, data: { apiKey: apiKeyId } };
  const tokensQuery = trpc.v2.workspace.authtokens.get.queryOptions(input);
  const secret = useRevealedQuery(tokensQuery);
  const toast = useToast();
  const reset = useMutation(
    trpc.v2.workspace.authtoken.reset.mutationOptions({
      onSuccess: (result) => {
        // The reset answers with the only token the key now has: show it without asking again.
        queryClient.setQueryData(tokensQuery.queryKey, { apiKey: result.apiKey, authTokens: [result.newAuthToken] });
        secret.show();
        toast("New auth token issued. The previous token no longer works.");
      },
      onError: (e) => toast(e.message, "error"),
    }),
  );
  const tokens = secret.shown ? secret.query.data?.authTokens : undefined;

  return (
    <div className="space-y-4">
      {tokens && tokens.length === 0 && (
        <p className="text-sm text-zinc-600">This key has no auth token. Resetting creates one.</p>
      )}
      {tokens?.map((t, i) => (
        <div key={t.token} className="space-y-1">
          <p className="text-sm font-medium text-zinc-800">{t.name}</p>
          <SecretValue label={tokens.length > 1 ? `Auth token ${i + 1}` : "Auth token"} value={t.token} />
        </div>
      ))}
      <FormMessage error={secret.query.error?.message} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <button
          type="button"
          className={ui.secondary}
          disabled={secret.query.isFetching}
          onClick={() => (secret.shown ? secret.hide() : secret.show())}
        >
          {secret.shown ? (secret.query.isFetching ? "Revealing…" : "Hide auth token") : "Reveal auth token"}
        </button>
        <ConfirmButton
          title="Reset the auth token?"
          description={
            <p>
              Every current auth token of this key stops working at once. Clients that use it need the new token before
              they can call weft again.
            </p>
          }
          confirmLabel="Reset auth token"
          onConfirm={() => reset.mutate(input)}
          disabled={reset.isPending}
        >
          {reset.isPending ? "Resetting…" : "Reset auth token"}
        </ConfirmButton>
      </div>
    </div>
  );
}
