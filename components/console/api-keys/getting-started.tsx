"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { AUTH_TOKEN_VARIABLE, firstCallSnippets } from "@/lib/console/api-keys/first-call-snippets";
import { CodeTabs } from "../code-tabs";
import { CopyButton } from "../copy-button";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { useHydrated } from "../use-hydrated";
import { useRevealedQuery } from "../use-revealed-query";

const MASK = "••••••••••••••••";
const POLL_MS = 3000;

/**
 * A first call to copy in curl, Node or Python (the key's real id and header names; the token set in the shell,
 * shown once revealed) and a check for its arrival.
 */
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
  const hydrated = useHydrated();
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
  const snippets = firstCallSnippets({ baseUrl, apiKeyId, advancedQueries }).map((s) => ({ ...s, note: s.howToRun }));
  const setup = `export ${AUTH_TOKEN_VARIABLE}='${token ?? MASK}'`;
  const succeeded = check.data?.succeeded === true;

  return (
    <section aria-labelledby="start-heading" className={ui.card}>
      <h2 id="start-heading" className={ui.cardTitle}>
        Getting started
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">
        Make a first call with this key. Every endpoint is described in the{" "}
        <Link href="/api-reference" className={ui.link}>
          API reference
        </Link>
        ; to see live editing, open the{" "}
        <Link href={`/live-demo?key=${encodeURIComponent(apiKeyId)}`} className={ui.link}>
          live demo with this key
        </Link>
        .
      </p>
      <p className="mb-2 text-sm text-zinc-600">
        1. Put the key&apos;s auth token in your shell (the snippets read it from there):
      </p>
      <pre
        aria-label="Auth token setup"
        className="overflow-x-auto rounded-md bg-zinc-100 p-3 font-mono text-xs whitespace-pre text-zinc-900"
      >
        {setup}
      </pre>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        {token ? (
          <CopyButton value={setup} label="Copy the auth token setup" />
        ) : (
          <button
            type="button"
            className={`${ui.secondary} ${ui.small}`}
            // A click before hydration would be lost: enabled (and data-ready for the e2e tests) once it can act.
            disabled={!hydrated || secret.query.isFetching}
            data-ready={hydrated || undefined}
            onClick={() => secret.show()}
          >
            {secret.query.isFetching ? "Revealing…" : "Reveal the auth token"}
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
      <p className="mt-4 mb-2 text-sm text-zinc-600">2. Make the call, in the language you use:</p>
      <CodeTabs tabs={snippets} label="Language" codeLabel="First call" />
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
