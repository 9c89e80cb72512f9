import { ApiKeyTabs } from "@/components/console/api-keys/api-key-tabs";
import { KeyTypeBadge } from "@/components/console/api-keys/key-type-badge";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { UsageChart } from "@/components/console/usage/usage-chart";
import { UsageTable } from "@/components/console/usage/usage-table";
import { apiKeyCrumbs, loadApiKeyPage } from "@/lib/console/page-data";
import { getUsage } from "@/lib/domain/usage/get-usage";
import { db } from "@/lib/infra/db";

export const metadata = { title: "Usage · weft" };

export default async function UsagePage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  const { workspace: ws, key, keyScope } = await loadApiKeyPage(id, keyId, "/usage");
  const { days } = await getUsage(keyScope, { days: 30 }, db());
  return (
    <>
      <PageHeader title={key.name} crumbs={apiKeyCrumbs(ws)} description={<KeyTypeBadge type={key.type} />} />
      <ApiKeyTabs workspaceId={ws.id} apiKeyId={key.id} current="usage" />
      <section aria-labelledby="usage-heading" className={`${ui.card} space-y-6`}>
        <div>
          <h2 id="usage-heading" className={ui.cardTitle}>
            Usage over the last 30 days
          </h2>
          <p className="mt-1 text-sm text-zinc-600">
            Per UTC day, across every instance. Documents, users, notifications, webhook deliveries and emails count
            what was created that day; live connections count the connections opened.
          </p>
        </div>
        <UsageChart days={days} />
        <UsageTable days={days} />
      </section>
    </>
  );
}
