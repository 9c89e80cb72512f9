import { ApiKeyTabs } from "@/components/console/api-keys/api-key-tabs";
import { KeyTypeBadge } from "@/components/console/api-keys/key-type-badge";
import { EmailSettingsForm } from "@/components/console/email/email-settings-form";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { apiKeyCrumbs, loadApiKeyPage } from "@/lib/console/page-data";
import { getEmailConfig } from "@/lib/domain/email/get-email-config";
import { defaultEmailTriggers } from "@/lib/domain/email/email-settings";
import { eventCatalogue } from "@/lib/domain/events/event-catalogue";
import { db } from "@/lib/infra/db";

export const metadata = { title: "Email · weft" };

export default async function EmailPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  const { workspace: ws, key, keyScope } = await loadApiKeyPage(id, keyId, "/email");
  const config = await getEmailConfig(keyScope, {}, db());
  const defaults = defaultEmailTriggers();
  const triggerNames = [...new Set([...Object.keys(defaults), ...eventCatalogue.map((e) => e.trigger)])];
  return (
    <>
      <PageHeader title={key.name} crumbs={apiKeyCrumbs(ws)} description={<KeyTypeBadge type={key.type} />} />
      <ApiKeyTabs workspaceId={ws.id} apiKeyId={key.id} current="email" />
      <section aria-labelledby="email-heading" className={ui.card}>
        <h2 id="email-heading" className={ui.cardTitle}>
          Email notifications
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600">
          When a comment event&apos;s trigger is on, weft mails the mentioned users, the assignee and the thread&apos;s
          participants (never the user who caused it).
        </p>
        <EmailSettingsForm
          workspaceId={ws.id}
          apiKeyId={key.id}
          initial={config}
          triggerNames={triggerNames}
          defaultTriggers={defaults}
        />
      </section>
    </>
  );
}
