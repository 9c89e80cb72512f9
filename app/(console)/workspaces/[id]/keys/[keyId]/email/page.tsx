import { EmailSettingsForm } from "@/components/console/email/email-settings-form";
import { HydrateClient } from "@/components/console/hydrate-client";
import { ui } from "@/components/console/styles";
import { keyInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { defaultEmailTriggers } from "@/lib/domain/email/email-settings";
import { eventCatalogue } from "@/lib/domain/events/event-catalogue";

export const metadata = { title: "Email · weft" };

export default async function EmailPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  const config = await load(trpc.v2.workspace.emailconfig.get.queryOptions(keyInput(id, keyId)));
  const defaults = defaultEmailTriggers();
  const triggerNames = [...new Set([...Object.keys(defaults), ...eventCatalogue.map((e) => e.trigger)])];
  return (
    <HydrateClient>
      <section aria-labelledby="email-heading" className={ui.card}>
        <h2 id="email-heading" className={ui.cardTitle}>
          Email notifications
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600">
          When a comment event&apos;s trigger is on, weft mails the mentioned users, the assignee and the thread&apos;s
          participants (never the user who caused it).
        </p>
        <EmailSettingsForm
          workspaceId={id}
          apiKeyId={keyId}
          initial={config}
          triggerNames={triggerNames}
          defaultTriggers={defaults}
        />
      </section>
    </HydrateClient>
  );
}
