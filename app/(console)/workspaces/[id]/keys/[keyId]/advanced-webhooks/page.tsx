import { ApiKeyTabs } from "@/components/console/api-keys/api-key-tabs";
import { KeyTypeBadge } from "@/components/console/api-keys/key-type-badge";
import { PageHeader } from "@/components/console/page-header";
import { AdvancedWebhooks } from "@/components/console/webhooks/advanced-webhooks";
import { apiKeyCrumbs, loadApiKeyPage } from "@/lib/console/page-data";
import { PAGE_SIZE } from "@/lib/console/page-size";
import { readServiceConfig } from "@/lib/domain/api-keys/service-config";
import { eventCatalogue } from "@/lib/domain/events/event-catalogue";
import { ADVANCED_DEFAULTS, storedAdvanced } from "@/lib/domain/webhooks/advanced-settings";
import { getEndpointHealth } from "@/lib/domain/webhooks/endpoint-health";
import { getEndpoints } from "@/lib/domain/webhooks/get-endpoints";
import { getMessages } from "@/lib/domain/webhooks/get-messages";
import { db } from "@/lib/infra/db";

export const metadata = { title: "Advanced webhooks · weft" };

export default async function AdvancedWebhooksPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  const { workspace: ws, key, keyScope } = await loadApiKeyPage(id, keyId, "/advanced-webhooks");
  const stored = storedAdvanced(await readServiceConfig(db(), keyScope.apiKeyId));
  const endpoints = stored?.isEnabled ? await getEndpoints(keyScope, { limit: PAGE_SIZE }, db()) : undefined;
  const messages = await getMessages(keyScope, { limit: PAGE_SIZE }, db());
  const health = stored?.isEnabled ? await getEndpointHealth(keyScope, db()) : undefined;
  return (
    <>
      <PageHeader title={key.name} crumbs={apiKeyCrumbs(ws)} description={<KeyTypeBadge type={key.type} />} />
      <ApiKeyTabs workspaceId={ws.id} apiKeyId={key.id} current="advanced-webhooks" />
      <AdvancedWebhooks
        workspaceId={ws.id}
        apiKeyId={key.id}
        eventTypes={eventCatalogue.map((e) => e.type)}
        initialConfig={stored ?? ADVANCED_DEFAULTS}
        configured={stored !== undefined}
        initialEndpoints={endpoints}
        initialMessages={messages}
        initialHealth={health}
      />
    </>
  );
}
