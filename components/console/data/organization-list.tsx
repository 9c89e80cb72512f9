"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { browseHref } from "@/lib/console/data/browse-level";
import { dataPage } from "@/lib/console/data/data-inputs";
import { ConfirmButton } from "../confirm-button";
import { Pager } from "../pager";
import { ui } from "../styles";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { TypeToConfirm } from "../type-to-confirm";
import { usePagedQuery } from "../use-paged-query";
import { DataSearch } from "./data-search";

type ItemResults = Record<string, { success: boolean; message: string }>;

/** The one item's per-item result of a batch call: its message, and whether it failed. */
const itemOutcome = (results: ItemResults, id: string) => results[id] ?? { success: false, message: "No result." };

/**
 * The key's organizations, a page at a time (searched by id or name), each linking to its folders and documents,
 * with its state and the calls an owner makes on it: disable or
 * enable end users' access (Update Organization Disable State) and delete (Delete Organizations, typed
 * confirmation), which hides it at once and purges it in the background (OrganizationPurges shows how far).
 */
export function OrganizationList({
  workspaceId,
  apiKeyId,
  base,
  search,
}: {
  workspaceId: string;
  apiKeyId: string;
  /** The Data page's path. */
  base: string;
  search?: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const target = { workspaceId, apiKeyId };
  const { query, pager } = usePagedQuery(
    (pageToken) => trpc.data.organizations.queryOptions({ ...target, ...dataPage({ search }, pageToken) }),
    (page) => page.nextPageToken ?? undefined,
  );
  const refresh = () => queryClient.invalidateQueries(trpc.data.pathFilter());
  const reported = (id: string, done: string) => ({
    onSuccess: (results: ItemResults) => {
      const r = itemOutcome(results, id);
      toast(r.success ? `${id}: ${done}` : `${id}: ${r.message}`, r.success ? "success" : "error");
      return refresh();
    },
    onError: (e: { message: string }) => toast(e.message, "error"),
  });
  const disable = useMutation(trpc.v2.organizations.access.disablestate.update.mutationOptions());
  const remove = useMutation(trpc.v2.organizations.delete.mutationOptions());
  const setDisabled = (id: string, disabled: boolean) =>
    disable.mutate(
      { ...target, data: { organizationIds: [id], disabled } },
      reported(id, disabled ? "end users' access is off." : "end users' access is on again."),
    );
  const list = query.data?.organizations;

  return (
    <section aria-labelledby="organizations-heading" className={ui.card}>
      <h2 id="organizations-heading" className={ui.cardTitle}>
        Organizations
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-600">
        What this key&apos;s integration created. Disabling an organization shuts its end users out (their open live
        connections close) while this key&apos;s own calls keep working; deleting one removes everything in it.
      </p>
      {query.error && (
        <p role="alert" className="text-sm text-red-800">
          {query.error.message}
        </p>
      )}
      <DataSearch action={base} keep={{}} label="Search organizations" placeholder="Id or name" value={search} />
      {list && list.length === 0 && (
        <p className="text-sm text-zinc-600">{search ? "No organization matches." : "No organizations yet."}</p>
      )}
      {list && list.length > 0 && (
        <ul aria-label="Organizations" className="divide-y divide-zinc-200 rounded-md border border-zinc-200">
          {list.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
              <span className="min-w-0">
                <Link href={browseHref(base, { org: o.id })} className={`${ui.link} ${ui.mono}`}>
                  {o.id}
                </Link>
                {o.organizationName && <span className="ml-2 text-sm text-zinc-600">{o.organizationName}</span>}
                {o.disabled && (
                  <span className={`${ui.badge} ml-2 border-amber-300 bg-amber-50 text-amber-900`}>Disabled</span>
                )}
              </span>
              <span className="flex flex-wrap items-center gap-2">
                {o.disabled ? (
                  <button
                    type="button"
                    className={`${ui.secondary} ${ui.small}`}
                    aria-label={`Enable ${o.id}`}
                    disabled={disable.isPending}
                    onClick={() => setDisabled(o.id, false)}
                  >
                    Enable
                  </button>
                ) : (
                  <ConfirmButton
                    ariaLabel={`Disable ${o.id}`}
                    className={`${ui.secondary} ${ui.small}`}
                    title={`Disable ${o.id}?`}
                    description={
                      <p>
                        Its end users can no longer read or write anything in it, and their open live connections close.
                        This key&apos;s own calls keep working, so you can export or enable it again.
                      </p>
                    }
                    confirmLabel="Disable"
                    disabled={disable.isPending}
                    onConfirm={() => setDisabled(o.id, true)}
                  >
                    Disable
                  </ConfirmButton>
                )}
                <TypeToConfirm
                  title={`Delete ${o.id}?`}
                  description={
                    <p>
                      The organization disappears at once; its documents, folders, users, comments, notifications and
                      CRDT content are then purged in the background. This cannot be undone.
                    </p>
                  }
                  name={o.id}
                  confirmLabel="Delete organization"
                  busy={remove.isPending}
                  onConfirm={() =>
                    remove.mutate({ ...target, data: { organizationIds: [o.id] } }, reported(o.id, "deleting."))
                  }
                >
                  Delete
                </TypeToConfirm>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager {...pager} label="Organization pages" />
    </section>
  );
}
