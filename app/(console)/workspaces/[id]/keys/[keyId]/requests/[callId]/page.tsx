import { notFound } from "next/navigation";
import { RequestDetail } from "@/components/console/requests/request-detail";
import { load, trpc } from "@/lib/console/router/server";
import { filterFromSearchParams, searchOfFilter } from "@/lib/console/usage/request-log-filter";
import { publicUrl } from "@/lib/infra/env";

export const metadata = { title: "API call · weft" };

// A page of its own (not a panel of the list) so that a call has a link to paste into a ticket or a chat, which
// opens on any device without the list loaded first; it keeps the list's filters in its URL for the way back.
export default async function RequestDetailPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; keyId: string; callId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id, keyId, callId } = await params;
  if (!/^\d{1,19}$/.test(callId)) notFound();
  const call = await load(trpc.usage.request.queryOptions({ workspaceId: id, apiKeyId: keyId, data: { id: callId } }));
  const back = `/workspaces/${id}/keys/${keyId}/requests${searchOfFilter(filterFromSearchParams(await searchParams))}`;
  return <RequestDetail call={call} baseUrl={publicUrl().origin} backHref={back} />;
}
