import Link from "next/link";
import { HydrateClient } from "@/components/console/hydrate-client";
import { ui } from "@/components/console/styles";
import { eventCatalogHref } from "@/components/console/webhooks/links";
import { SimpleWebhookForm } from "@/components/console/webhooks/simple-webhook-form";
import { keyInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { defaultWebhookTriggers } from "@/lib/domain/webhooks/webhook-settings";

export const metadata = { title: "Webhooks · weft" };

export default async function WebhooksPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  const config = await load(trpc.v2.workspace.webhookconfig.get.queryOptions(keyInput(id, keyId)));
  const defaults = defaultWebhookTriggers();
  return (
    <HydrateClient>
      <section aria-labelledby="webhooks-heading" className={ui.card}>
        <h2 id="webhooks-heading" className={ui.cardTitle}>
          Simple webhooks
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600">
          One raw and one processed URL per key. For several endpoints, event filters, signed deliveries and a delivery
          log, use advanced webhooks. The{" "}
          <Link href={eventCatalogHref(id, keyId)} className={ui.link}>
            event catalog
          </Link>{" "}
          shows every event&apos;s body with its schema and an example.
        </p>
        <SimpleWebhookForm
          workspaceId={id}
          apiKeyId={keyId}
          initial={config}
          triggerNames={Object.keys(defaults)}
          defaultTriggers={defaults}
        />
      </section>
    </HydrateClient>
  );
}
