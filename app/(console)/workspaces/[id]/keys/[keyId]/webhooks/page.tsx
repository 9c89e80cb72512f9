import { ApiKeyTabs } from "@/components/console/api-keys/api-key-tabs";
import { KeyTypeBadge } from "@/components/console/api-keys/key-type-badge";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { SimpleWebhookForm } from "@/components/console/webhooks/simple-webhook-form";
import { apiKeyCrumbs, loadApiKeyPage } from "@/lib/console/page-data";
import { getWebhookConfig } from "@/lib/domain/webhooks/get-webhook-config";
import { defaultWebhookTriggers } from "@/lib/domain/webhooks/webhook-settings";
import { db } from "@/lib/infra/db";

export const metadata = { title: "Webhooks · weft" };

export default async function WebhooksPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  const { workspace: ws, key, keyScope } = await loadApiKeyPage(id, keyId, "/webhooks");
  const config = await getWebhookConfig(keyScope, {}, db());
  const defaults = defaultWebhookTriggers();
  return (
    <>
      <PageHeader title={key.name} crumbs={apiKeyCrumbs(ws)} description={<KeyTypeBadge type={key.type} />} />
      <ApiKeyTabs workspaceId={ws.id} apiKeyId={key.id} current="webhooks" />
      <section aria-labelledby="webhooks-heading" className={ui.card}>
        <h2 id="webhooks-heading" className={ui.cardTitle}>
          Simple webhooks
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600">
          One raw and one processed URL per key. For several endpoints, event filters, signed deliveries and a delivery
          log, use advanced webhooks.
        </p>
        <SimpleWebhookForm
          workspaceId={ws.id}
          apiKeyId={key.id}
          initial={config}
          triggerNames={Object.keys(defaults)}
          defaultTriggers={defaults}
        />
      </section>
    </>
  );
}
