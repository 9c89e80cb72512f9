"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ConfirmButton } from "../confirm-button";
import { FormMessage } from "../form-message";
import { SecretValue } from "../secret-value";
import { ui } from "../styles";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { useRevealedQuery } from "../use-revealed-query";

/**
 * An endpoint's signing secret: revealed after confirming, rotated after confirming (the old one signs for
 * 24 h). Its buttons share one row with the endpoint's other actions (`children`).
 */
export function EndpointSecret({
  workspaceId,
  apiKeyId,
  endpointId,
  url,
  children,
}: {
  workspaceId: string;
  apiKeyId: string;
  endpointId: string;
  url: string;
  children?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const input = { workspaceId, apiKeyId, data: { endpointId } };
  const secretApi = trpc.v2.workspace.advancedwebhook.endpoints.secret;
  const secretQuery = secretApi.get.queryOptions(input);
  const secret = useRevealedQuery(secretQuery);
  const toast = useToast();
  const rotate = useMutation(
    secretApi.rotate.mutationOptions({
      onSuccess: (result) => {
        queryClient.setQueryData(secretQuery.queryKey, result);
        secret.show();
        toast("New signing secret issued. For 24 hours deliveries are signed with both the new and the old secret.");
      },
      onError: (e) => toast(e.message, "error"),
    }),
  );
  const value = secret.shown ? secret.query.data?.secret : undefined;
  return (
    <div className="space-y-2">
      {value && <SecretValue label={`Signing secret of ${url}`} value={value} />}
      <FormMessage error={secret.query.error?.message} />
      <div className="flex flex-wrap gap-2">
        {children}
        {secret.shown ? (
          <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={secret.hide}>
            Hide secret
          </button>
        ) : (
          <ConfirmButton
            ariaLabel={`Reveal signing secret of ${url}`}
            title="Reveal the signing secret?"
            description={
              <p>
                Anyone who sees it can sign requests your receiver will trust. Reveal it only where nobody is looking
                over your shoulder.
              </p>
            }
            confirmLabel="Reveal secret"
            onConfirm={() => secret.show()}
            className={`${ui.secondary} ${ui.small}`}
          >
            Reveal signing secret
          </ConfirmButton>
        )}
        <ConfirmButton
          ariaLabel={`Rotate signing secret of ${url}`}
          title="Rotate the signing secret?"
          description={
            <p>
              A new secret signs every delivery from now on; the old one keeps signing beside it for 24 hours so your
              receiver can switch over.
            </p>
          }
          confirmLabel="Rotate secret"
          onConfirm={() => rotate.mutate(input)}
          disabled={rotate.isPending}
          className={`${ui.dangerOutline} ${ui.small}`}
        >
          {rotate.isPending ? "Rotating signing secret…" : "Rotate signing secret"}
        </ConfirmButton>
      </div>
    </div>
  );
}
