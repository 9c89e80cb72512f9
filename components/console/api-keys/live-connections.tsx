import Link from "next/link";
import { liveConnectionsOf } from "@/lib/console/live-connections";
import { ui } from "../styles";

const plural = (n: number, one: string) => `${n.toLocaleString("en")} ${one}${n === 1 ? "" : "s"}`;

/** The key's live connections right now on this instance: count per document, the ten busiest. */
export function LiveConnections({ apiKeyId }: { apiKeyId: string }) {
  const live = liveConnectionsOf(apiKeyId);
  return (
    <section aria-labelledby="live-heading" className={ui.card}>
      <h2 id="live-heading" className={ui.cardTitle}>
        Live connections
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">
        Editors connected to <code className="font-mono">/live</code> on this instance when the page loaded. Try it in
        the{" "}
        <Link href={`/live-demo?key=${encodeURIComponent(apiKeyId)}`} className={ui.link}>
          live demo
        </Link>
        .
      </p>
      {live === null ? (
        <p className="text-sm text-zinc-600">The live server does not run in this process.</p>
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
    </section>
  );
}
