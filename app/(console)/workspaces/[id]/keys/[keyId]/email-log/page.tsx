import { EmailLog } from "@/components/console/email/email-log";
import { HydrateClient } from "@/components/console/hydrate-client";
import { ui } from "@/components/console/styles";
import { emailLogPage } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";

export const metadata = { title: "Email log · weft" };

export default async function EmailLogPage({ params }: { params: Promise<{ id: string; keyId: string }> }) {
  const { id, keyId } = await params;
  await load(trpc.email.log.queryOptions(emailLogPage(id, keyId)));
  return (
    <HydrateClient>
      <section aria-labelledby="email-log-heading" className={ui.card}>
        <h2 id="email-log-heading" className={ui.cardTitle}>
          Email log
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600">
          Every trigger email of this key: sent, skipped (and why) or failed, with the mail provider&apos;s response.
        </p>
        <EmailLog workspaceId={id} apiKeyId={keyId} />
      </section>
    </HydrateClient>
  );
}
