"use client";

import { dataPage } from "@/lib/console/data/data-inputs";
import { formatTime } from "@/lib/console/format";
import { FormMessage } from "../form-message";
import { Pager } from "../pager";
import { ui } from "../styles";
import { useTRPC } from "../trpc";
import { usePagedQuery } from "../use-paged-query";
import type { DocumentCardProps } from "./document-page";

const recipients = (n: number) => `${n.toLocaleString("en")} recipient${n === 1 ? "" : "s"}`;

/** The document's notifications, newest first, a page at a time, with how many users each reaches. */
export function DocumentNotifications({ workspaceId, apiKeyId, document }: DocumentCardProps) {
  const trpc = useTRPC();
  const { query, pager } = usePagedQuery(
    (pageToken) => trpc.data.notifications.queryOptions({ workspaceId, apiKeyId, ...dataPage(document, pageToken) }),
    (page) => page.pageToken,
  );
  const notifications = query.data?.notifications;
  return (
    <section aria-labelledby="notifications-heading" className={ui.card}>
      <h2 id="notifications-heading" className={ui.cardTitle}>
        Notifications
      </h2>
      <FormMessage error={query.error?.message} />
      {notifications && notifications.length === 0 && (
        <p className="mt-2 text-sm text-zinc-600">No notifications about this document.</p>
      )}
      {notifications && notifications.length > 0 && (
        <ul aria-label="Notifications" className="mt-4 divide-y divide-zinc-200 rounded-md border border-zinc-200">
          {notifications.map((n) => (
            <li key={n.id} className="px-3 py-2">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className={ui.mono}>{n.id}</span>
                <span className="text-sm text-zinc-600">
                  {formatTime(new Date(n.timestamp), "second")} ·{" "}
                  {recipients(Object.keys(n.notifyUsersByUserId).length)}
                </span>
              </p>
              {n.displayHeadlineMessageTemplate && (
                <p className="font-medium break-words text-zinc-900">{n.displayHeadlineMessageTemplate}</p>
              )}
              {n.displayBodyMessage && <p className="text-sm break-words text-zinc-700">{n.displayBodyMessage}</p>}
            </li>
          ))}
        </ul>
      )}
      <Pager {...pager} label="Notification pages" />
    </section>
  );
}
