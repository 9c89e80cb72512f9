"use client";

import { useSubscription } from "@trpc/tanstack-react-query";
import Link from "next/link";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import type { DocumentCardProps } from "./document-page";

const plural = (n: number, one: string) => `${n.toLocaleString("en")} ${one}${n === 1 ? "" : "s"}`;

/** Who is in the document now: live connections per editor and present users, updated as they join and leave. */
export function DocumentPresence({ workspaceId, apiKeyId, document }: DocumentCardProps) {
  const trpc = useTRPC();
  const here = useSubscription(trpc.data.presence.subscriptionOptions({ workspaceId, apiKeyId, data: document })).data;
  const demo = new URLSearchParams({ key: apiKeyId, org: document.organizationId, doc: document.documentId });
  return (
    <section aria-labelledby="presence-heading" className={ui.card}>
      <h2 id="presence-heading" className={ui.cardTitle}>
        Who is here
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">
        Live connections to the document&apos;s editors and the users present in it (over REST, or connected with a user
        token), updated as they join and leave. Open it in the{" "}
        <Link href={`/live-demo?${demo}`} className={ui.link}>
          live demo
        </Link>
        .
      </p>
      <div role="status" aria-live="polite" aria-label="Who is here now">
        {here === undefined ? (
          <p className="text-sm text-zinc-600">Connecting…</p>
        ) : here.editors.length === 0 && here.users.length === 0 ? (
          <p className="text-sm text-zinc-600">Nobody is in this document now.</p>
        ) : (
          <>
            {here.editors.length > 0 && (
              <ul aria-label="Live editors" className="divide-y divide-zinc-200 rounded-md border border-zinc-200">
                {here.editors.map((e) => (
                  <li key={e.editorId} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2">
                    <span className={ui.mono}>{e.editorId}</span>
                    <span className="text-sm text-zinc-700">{plural(e.connections, "live connection")}</span>
                  </li>
                ))}
              </ul>
            )}
            {here.users.length > 0 && (
              <ul
                aria-label="Present users"
                className="mt-3 divide-y divide-zinc-200 rounded-md border border-zinc-200"
              >
                {here.users.map((u) => (
                  <li key={u.userId} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2">
                    <span className="min-w-0">
                      <span className={ui.mono}>{u.userId}</span>
                      {u.name && <span className="ml-2 text-sm text-zinc-800">{u.name}</span>}
                      {u.status && <span className="ml-2 text-sm text-zinc-600">{u.status}</span>}
                    </span>
                    <span className="text-sm text-zinc-700">
                      {[u.rest && "over REST", u.liveConnections > 0 && plural(u.liveConnections, "live connection")]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
