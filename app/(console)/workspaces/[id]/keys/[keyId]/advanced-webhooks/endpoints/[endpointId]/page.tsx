import { HydrateClient } from "@/components/console/hydrate-client";
import { EndpointPage } from "@/components/console/webhooks/endpoint-page";
import { keyInput, messagePage } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { eventCatalogue } from "@/lib/domain/events/event-catalogue";

export const metadata = { title: "Webhook endpoint · weft" };

export default async function WebhookEndpointPage({
  params,
}: {
  params: Promise<{ id: string; keyId: string; endpointId: string }>;
}) {
  const { id, keyId, endpointId } = await params;
  // Another key's endpoint, or none, is the console's 404 (load).
  await Promise.all([
    load(trpc.webhooks.endpoint.queryOptions({ ...keyInput(id, keyId), data: { endpointId, range: "24h" } })),
    load(trpc.webhooks.deliveryLog.queryOptions(messagePage(id, keyId, { endpointId }))),
    load(trpc.webhooks.health.queryOptions(keyInput(id, keyId))),
    load(trpc.webhooks.eventTypes.queryOptions(keyInput(id, keyId))),
  ]);
  return (
    <HydrateClient>
      <EndpointPage
        workspaceId={id}
        apiKeyId={keyId}
        endpointId={endpointId}
        eventTypes={eventCatalogue.map((e) => e.type)}
      />
    </HydrateClient>
  );
}
