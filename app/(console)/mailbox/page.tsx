import { HydrateClient } from "@/components/console/hydrate-client";
import { MailboxList } from "@/components/console/mailbox/mailbox-list";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { mailboxPage } from "@/lib/console/query-inputs";
import { load, trpc } from "@/lib/console/router/server";
import { requireViewer } from "@/lib/console/viewer";
import { env } from "@/lib/infra/env";

export const metadata = { title: "Mailbox · weft" };

export default async function MailboxPage() {
  const viewer = await requireViewer();
  if (env().WEFT_SENDGRID_API_KEY) {
    return (
      <>
        <PageHeader title="Mailbox" />
        <p className={`${ui.card} max-w-xl text-zinc-700`}>
          Mail goes out through SendGrid on this instance, so there is no dev mailbox to show.
        </p>
      </>
    );
  }
  await load(trpc.mailbox.list.queryOptions(mailboxPage()));
  return (
    <HydrateClient>
      <PageHeader
        title="Mailbox"
        description={
          viewer.operator
            ? "Every mail this instance kept in its dev outbox (no SendGrid key is configured), newest first."
            : `Mail to ${viewer.email} kept in the dev outbox (no SendGrid key is configured), newest first.`
        }
      />
      <MailboxList />
    </HydrateClient>
  );
}
