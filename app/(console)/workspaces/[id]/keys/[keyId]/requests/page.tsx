import { HydrateClient } from "@/components/console/hydrate-client";
import { RequestLog } from "@/components/console/requests/request-log";
import { ui } from "@/components/console/styles";
import { requestLogPage } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { filterFromSearchParams } from "@/lib/console/usage/request-log-filter";

export const metadata = { title: "Request log · weft" };

export default async function RequestLogPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; keyId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id, keyId } = await params;
  const filter = filterFromSearchParams(await searchParams);
  // The unfiltered first page names the operations to filter by; the filtered one is what the table shows.
  await Promise.all([
    load(trpc.usage.requests.queryOptions(requestLogPage(id, keyId, {}))),
    load(trpc.usage.requests.queryOptions(requestLogPage(id, keyId, filter))),
  ]);
  return (
    <HydrateClient>
      <section aria-labelledby="requests-heading" className={ui.card}>
        <h2 id="requests-heading" className={ui.cardTitle}>
          Request log
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600">
          The last 1,000 API calls made with this key in the past 7 days, refused ones included with the reason. Open a
          call to see its headers and bodies (every credential and secret redacted) and a curl that replays it. The
          request id is the <code className="font-mono">x-request-id</code> header of the reply.
        </p>
        <RequestLog workspaceId={id} apiKeyId={keyId} />
      </section>
    </HydrateClient>
  );
}
