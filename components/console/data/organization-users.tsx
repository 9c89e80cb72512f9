"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PAGE_SIZE } from "@/lib/console/page-size";
import { Pager } from "../pager";
import { ui } from "../styles";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { TypeToConfirm } from "../type-to-confirm";
import { usePagedQuery } from "../use-paged-query";
import { JobProgressBar } from "./job-progress";
import { NotificationPreferences } from "./notification-preferences";

/**
 * An organization's users (as Get Users lists them, whatever the advanced queries switch says), a page at a time: each one's notification preferences, and a GDPR erase
 * (Delete All User Data: every organization of the key) whose progress shows until it is done.
 */
export function OrganizationUsers({
  workspaceId,
  apiKeyId,
  organizationId,
}: {
  workspaceId: string;
  apiKeyId: string;
  organizationId: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const target = { workspaceId, apiKeyId };
  const { query, pager } = usePagedQuery(
    (pageToken) =>
      trpc.data.users.queryOptions({ ...target, data: { organizationId, pageSize: PAGE_SIZE, pageToken } }),
    (page) => page.nextPageToken ?? undefined,
  );
  const [open, setOpen] = useState<string | null>(null);
  const [erasures, setErasures] = useState<Record<string, string>>({});
  const erase = useMutation(
    trpc.v2.users.data.delete.index.mutationOptions({ onError: (e) => toast(e.message, "error") }),
  );
  const users = query.data?.users;
  return (
    <section aria-labelledby="users-heading" className={ui.card}>
      <h2 id="users-heading" className={ui.cardTitle}>
        Users of <span className="font-mono">{organizationId}</span>
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">
        The organization&apos;s members as Get Users lists them. Erasing a user&apos;s data deletes everything stored
        under their id in every organization of this key (GDPR); docs/user-data.md lists what goes.
      </p>
      {query.error && (
        <p role="alert" className="text-sm text-red-800">
          {query.error.message}
        </p>
      )}
      {users && users.length === 0 && <p className="text-sm text-zinc-600">No users in this organization.</p>}
      {users && users.length > 0 && (
        <ul aria-label="Users" className="divide-y divide-zinc-200 rounded-md border border-zinc-200">
          {users.map((u) => (
            <li key={u.userId} className="space-y-3 px-3 py-2">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <span className="min-w-0">
                  <span className={ui.mono}>{u.userId}</span>
                  {u.name && <span className="ml-2 text-sm text-zinc-800">{u.name}</span>}
                  {u.email && <span className="ml-2 text-sm text-zinc-600">{u.email}</span>}
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  <button
                    type="button"
                    className={`${ui.secondary} ${ui.small}`}
                    aria-expanded={open === u.userId}
                    aria-label={`Notification preferences of ${u.userId}`}
                    onClick={() => setOpen(open === u.userId ? null : u.userId)}
                  >
                    Notification preferences
                  </button>
                  {erasures[u.userId] ? (
                    <JobProgressBar
                      workspaceId={workspaceId}
                      apiKeyId={apiKeyId}
                      kind="users.erase"
                      id={erasures[u.userId]}
                      label={`Erasure of ${u.userId}`}
                      onFinished={(p) => {
                        if (p.state === "completed") toast(`Everything stored under ${u.userId} is erased.`);
                        return queryClient.invalidateQueries(trpc.data.users.queryFilter());
                      }}
                    />
                  ) : (
                    <TypeToConfirm
                      title={`Erase all data of ${u.userId}?`}
                      description={
                        <p>
                          Their comments, reactions, notifications, activity, memberships, profile, preferences and read
                          marks are deleted in every organization of this key. This cannot be undone.
                        </p>
                      }
                      name={u.userId}
                      confirmLabel="Erase data"
                      busy={erase.isPending}
                      onConfirm={() =>
                        erase.mutate(
                          { ...target, data: { userIds: [u.userId] } },
                          { onSuccess: (r) => setErasures((e) => ({ ...e, [u.userId]: r.jobId })) },
                        )
                      }
                    >
                      Erase data
                    </TypeToConfirm>
                  )}
                </span>
              </div>
              {open === u.userId && (
                <NotificationPreferences
                  workspaceId={workspaceId}
                  apiKeyId={apiKeyId}
                  organizationId={organizationId}
                  userId={u.userId}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager {...pager} label="User pages" />
    </section>
  );
}
