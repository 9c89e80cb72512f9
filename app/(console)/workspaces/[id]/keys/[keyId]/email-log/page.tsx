import { ApiKeyTabs } from "@/components/console/api-keys/api-key-tabs";
import { KeyTypeBadge } from "@/components/console/api-keys/key-type-badge";
import { EmailLog } from "@/components/console/email/email-log";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { apiKeyCrumbs, loadApiKeyPage } from "@/lib/console/page-data";
import { listEmailLog } from "@/lib/domain/email/list-email-log";
import { db } from "@/lib/infra/db";

export const metadata = { title: "Email log · weft" };

export default async function EmailLogPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  const { workspace: ws, key, keyScope } = await loadApiKeyPage(id, keyId, "/email-log");
  const first = await listEmailLog(keyScope, { pageSize: 20 }, db());
  return (
    <>
      <PageHeader title={key.name} crumbs={apiKeyCrumbs(ws)} description={<KeyTypeBadge type={key.type} />} />
      <ApiKeyTabs workspaceId={ws.id} apiKeyId={key.id} current="email-log" />
      <section aria-labelledby="email-log-heading" className={ui.card}>
        <h2 id="email-log-heading" className={ui.cardTitle}>
          Email log
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600">
          Every trigger email of this key: sent, skipped (and why) or failed, with the mail provider&apos;s response.
        </p>
        <EmailLog workspaceId={ws.id} apiKeyId={key.id} initialPage={first} />
      </section>
    </>
  );
}
