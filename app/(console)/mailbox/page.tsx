import { MailboxList } from "@/components/console/mailbox/mailbox-list";
import { PageHeader } from "@/components/console/page-header";
import { ui } from "@/components/console/styles";
import { PAGE_SIZE } from "@/lib/console/page-size";
import { requireViewer } from "@/lib/console/viewer";
import { listMailbox } from "@/lib/domain/email/list-mailbox";
import { db } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";

export const metadata = { title: "Mailbox · weft" };

export default async function MailboxPage() {
  const viewer = await requireViewer("/mailbox");
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
  const firstPage = await listMailbox(viewer.scope, { pageSize: PAGE_SIZE }, db());
  return (
    <>
      <PageHeader
        title="Mailbox"
        description={
          viewer.operator
            ? "Every mail this instance kept in its dev outbox (no SendGrid key is configured), newest first."
            : `Mail to ${viewer.email} kept in the dev outbox (no SendGrid key is configured), newest first.`
        }
      />
      <MailboxList initialPage={firstPage} />
    </>
  );
}
