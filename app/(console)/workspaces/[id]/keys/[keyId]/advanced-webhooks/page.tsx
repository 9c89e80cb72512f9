import { HydrateClient } from "@/components/console/hydrate-client";
import { AdvancedWebhooks } from "@/components/console/webhooks/advanced-webhooks";
import { endpointPage, keyInput, messagePage } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { eventCatalogue } from "@/lib/domain/events/event-catalogue";

export const metadata = { title: "Advanced webhooks · weft" };

export default async function AdvancedWebhooksPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  const [{ config, configured }] = await Promise.all([
    load(trpc.webhooks.advancedConfig.queryOptions(keyInput(id, keyId))),
    load(trpc.webhooks.deliveryLog.queryOptions(messagePage(id, keyId, {}))),
    load(trpc.webhooks.health.queryOptions(keyInput(id, keyId))),
  ]);
  if (config.isEnabled)
    await load(trpc.v2.workspace.advancedwebhook.endpoints.get.queryOptions(endpointPage(id, keyId)));
  return (
    <HydrateClient>
      <AdvancedWebhooks
        workspaceId={id}
        apiKeyId={keyId}
        eventTypes={eventCatalogue.map((e) => e.type)}
        initialConfig={config}
        configured={configured}
      />
    </HydrateClient>
  );
}
