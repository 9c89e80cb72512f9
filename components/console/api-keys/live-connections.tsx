"use client";

import { useSubscription } from "@trpc/tanstack-react-query";
import Link from "next/link";
import { ui } from "../styles";
import { useTRPC } from "../trpc";

const plural = (n: number, one: string) => `${n.toLocaleString("en")} ${one}${n === 1 ? "" : "s"}`;

/** The key's live connections on every instance, updated as people join and leave (live.connections). */
export function LiveConnections({ workspaceId, apiKeyId }: { workspaceId: string; apiKeyId: string }) {
  const trpc = useTRPC();
  const live = useSubscription(trpc.live.connections.subscriptionOptions({ workspaceId, apiKeyId, data: {} })).data;
  return (
    <section aria-labelledby="live-heading" className={ui.card}>
      <h2 id="live-heading" className={ui.cardTitle}>
        Live connections
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">
        Editors connected to <code className="font-mono">/live</code> right now, updated as they join and leave. Try it
        in the{" "}
        <Link href={`/live-demo?key=${encodeURIComponent(apiKeyId)}`} className={ui.link}>
          live demo
        </Link>
        .
      </p>
      <div role="status" aria-live="polite" data-connections={live?.sockets}>
        {live === undefined ? (
          <p className="text-sm text-zinc-600">Connecting…</p>
        ) : live.documents === 0 ? (
          <p className="text-sm text-zinc-600">No live connections now.</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-zinc-800">
              {plural(live.sockets, "connection")} on {plural(live.documents, "document")}
              {live.documents > live.top.length ? `; the ${live.top.length} busiest:` : ":"}
            </p>
            <ol aria-label="Live documents" className="divide-y divide-zinc-200 rounded-md border border-zinc-200">
              {live.top.map((d) => (
                <li
                  key={`${d.organizationId}/${d.documentId}/${d.editorId}`}
                  className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2"
                >
                  <span className={ui.mono}>
                    {d.organizationId} / {d.documentId} / {d.editorId}
                  </span>
                  <span className="text-sm whitespace-nowrap text-zinc-700">{plural(d.connections, "connection")}</span>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </section>
  );
}
