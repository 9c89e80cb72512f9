import { HydrateClient } from "@/components/console/hydrate-client";
import { RequestLog } from "@/components/console/requests/request-log";
import { ui } from "@/components/console/styles";
import { requestLogPage } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";

export const metadata = { title: "Request log · weft" };

export default async function RequestLogPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  await load(trpc.usage.requests.queryOptions(requestLogPage(id, keyId, {})));
  return (
    <HydrateClient>
      <section aria-labelledby="requests-heading" className={ui.card}>
        <h2 id="requests-heading" className={ui.cardTitle}>
          Request log
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600">
          The last 1,000 API calls made with this key in the past 7 days: no bodies, no credentials. The request id is
          the <code className="font-mono">x-request-id</code> header of the reply.
        </p>
        <RequestLog workspaceId={id} apiKeyId={keyId} />
      </section>
    </HydrateClient>
  );
}
