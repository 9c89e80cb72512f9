"use client";

import { Fragment } from "react";
import { formatTime } from "@/lib/console/format";
import { mailboxPage } from "@/lib/console/query-inputs";
import { Pager } from "../pager";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { usePagedQuery } from "../use-paged-query";

/** The mail log, newest first; a mail's text opens in place (sign-in links are clickable). */
export function MailboxList() {
  const trpc = useTRPC();
  const { query, pager } = usePagedQuery(
    (pageToken) => trpc.mailbox.list.queryOptions(mailboxPage(pageToken)),
    (page) => page.nextPageToken,
  );
  const mails = query.data?.mails ?? [];

  if (query.error)
    return (
      <p role="alert" className="text-red-800">
        {query.error.message}
      </p>
    );
  if (mails.length === 0) return <p className={`${ui.card} text-zinc-600`}>No mail yet.</p>;
  return (
    <div>
      <ul aria-label="Mail" className="space-y-3">
        {mails.map((m) => (
          <li key={m.id} className="rounded-lg border border-zinc-200 bg-white">
            <details className="group">
              <summary className="flex cursor-pointer list-none flex-col gap-1 rounded-lg p-4 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <span className="min-w-0">
                  <span className="block font-medium break-words text-zinc-900">{m.subject}</span>
                  <span className="block text-sm break-words text-zinc-600">To {m.to}</span>
                </span>
                <span className="flex shrink-0 flex-wrap items-center gap-2 text-sm text-zinc-500">
                  <span
                    className={`${ui.badge} ${m.status === "failed" ? "border-red-300 bg-red-50 text-red-800" : "border-zinc-300 bg-zinc-50 text-zinc-700"}`}
                  >
                    {m.transport === "outbox" ? "dev outbox" : `SendGrid: ${m.status}`}
                  </span>
                  <time dateTime={new Date(m.createdAt).toISOString()}>{formatTime(m.createdAt)}</time>
                </span>
              </summary>
              <div className="border-t border-zinc-200 p-4 text-sm">
                <p className="text-zinc-500 break-words">From {m.from}</p>
                {m.error && <p className="mt-2 text-red-800">{m.error}</p>}
                <p className="mt-3 font-mono text-sm break-words whitespace-pre-wrap text-zinc-900">
                  {m.text ? <Linkified text={m.text} /> : "(The text of mail sent through SendGrid is not kept.)"}
                </p>
              </div>
            </details>
          </li>
        ))}
      </ul>
      <Pager label="Mail pages" {...pager} />
    </div>
  );
}

function Linkified({ text }: { text: string }) {
  return text.split(/(https?:\/\/[^\s<>"]+)/).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} className={ui.link}>
        {part}
      </a>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}
