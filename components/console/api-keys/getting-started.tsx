"use client";

import { useQuery } from "@tanstack/react-query";
import { CopyButton } from "../copy-button";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { useRevealedQuery } from "../use-revealed-query";

const MASK = "••••••••••••••••";
const POLL_MS = 3000;

/** A first call to copy (the key's real id and header names; the token once revealed) and a check for its arrival. */
export function GettingStarted({
  workspaceId,
  apiKeyId,
  baseUrl,
  advancedQueries,
  requestsHref,
}: {
  workspaceId: string;
  apiKeyId: string;
  baseUrl: string;
  advancedQueries: boolean;
  requestsHref: string;
}) {
  const trpc = useTRPC();
  const secret = useRevealedQuery(
    trpc.v2.workspace.authtokens.get.queryOptions({ workspaceId, data: { apiKey: apiKeyId } }),
  );
  const token = secret.shown ? secret.query.data?.authTokens[0]?.token : undefined;
  const check = useQuery(
    trpc.usage.firstCall.queryOptions(
      { workspaceId, apiKeyId, data: {} },
      { refetchInterval: (q) => (q.state.data?.succeeded ? false : POLL_MS) },
    ),
  );
  // Get Organizations needs advanced queries; Get Users works on any key.
  const [path, body] = advancedQueries
    ? ["/v2/organizations/get", `{"data":{}}`]
    : ["/v2/users/get", `{"data":{"organizationId":"getting-started"}}`];
  const command = [
    `curl -X POST ${baseUrl.replace(/\/$/, "")}${path} \\`,
    `  -H 'content-type: application/json' \\`,
    `  -H 'x-service-api-key: ${apiKeyId}' \\`,
    `  -H 'x-service-auth-token: ${token ?? MASK}' \\`,
    `  -d '${body}'`,
  ].join("\n");
  const succeeded = check.data?.succeeded === true;

  return (
    <section aria-labelledby="start-heading" className={ui.card}>
      <h2 id="start-heading" className={ui.cardTitle}>
        Getting started
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">
        Make a first call with this key from a terminal. Every endpoint is described in the{" "}
        <a href="/api/openapi.json" className={ui.link}>
          OpenAPI document
        </a>
        .
      </p>
      <pre
        aria-label="First call"
        className="overflow-x-auto rounded-md bg-zinc-100 p-3 font-mono text-xs whitespace-pre text-zinc-900"
      >
        {command}
      </pre>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        {token ? (
          <CopyButton value={command} label="Copy the first call" />
        ) : (
          <button
            type="button"
            className={`${ui.secondary} ${ui.small}`}
            disabled={secret.query.isFetching}
            onClick={() => secret.show()}
          >
            {secret.query.isFetching ? "Revealing…" : "Reveal the auth token to copy the call"}
          </button>
        )}
        {token && (
          <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={() => secret.hide()}>
            Hide auth token
          </button>
        )}
      </div>
      {secret.shown && secret.query.data?.authTokens.length === 0 && (
        <p className="mt-2 text-sm text-zinc-600">This key has no auth token: reset it below to issue one.</p>
      )}
      <p
        role="status"
        data-state={succeeded ? "done" : "waiting"}
        className={`mt-4 flex items-center gap-2 text-sm ${succeeded ? "text-green-800" : "text-zinc-600"}`}
      >
        <span
          aria-hidden
          className={`inline-block h-3 w-3 rounded-full ${succeeded ? "bg-green-600" : "animate-pulse bg-zinc-300"}`}
        />
        {check.error
          ? check.error.message
          : succeeded
            ? "First successful call received."
            : "Waiting for this key's first successful call…"}
        {succeeded && (
          <a href={requestsHref} className={ui.link}>
            See the request log
          </a>
        )}
      </p>
    </section>
  );
}
