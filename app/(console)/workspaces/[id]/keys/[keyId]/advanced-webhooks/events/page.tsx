import Link from "next/link";
import { ui } from "@/components/console/styles";
import { EventCatalog } from "@/components/console/webhooks/event-catalog";
import { advancedWebhooksHref } from "@/components/console/webhooks/links";
import { keyInput } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";

export const metadata = { title: "Webhook event catalog · weft" };

export default async function WebhookEventCatalogPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  const types = await load(trpc.webhooks.eventTypes.queryOptions(keyInput(id, keyId)));
  return (
    <div className="space-y-6">
      <section aria-labelledby="catalog-heading" className={ui.card}>
        <h2 id="catalog-heading" className={ui.cardTitle}>
          Webhook event catalog
        </h2>
        <p className="mt-1 text-sm text-zinc-600">
          Every event type weft sends to webhooks, with the JSON Schema of its body and an example. Each body is signed
          as Standard Webhooks specifies (<code className="font-mono">webhook-id</code>,{" "}
          <code className="font-mono">webhook-timestamp</code>, <code className="font-mono">webhook-signature</code>
          ). Send an example of any type from an endpoint&apos;s page.
        </p>
        <p className="mt-2 text-sm">
          <Link href={advancedWebhooksHref(id, keyId)} className={ui.link}>
            ← Advanced webhooks
          </Link>
        </p>
      </section>
      <EventCatalog types={types} />
    </div>
  );
}
