"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { browseHref } from "@/lib/console/data/browse-level";
import { formatTime } from "@/lib/console/format";
import { ACCESS_TYPES, type AccessType } from "@/lib/domain/fields";
import { ConfirmButton } from "../confirm-button";
import { DetailsList } from "../details-list";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";
import { TypeToConfirm } from "../type-to-confirm";
import type { DocumentCardProps } from "./document-page";

type ItemResults = Record<string, { success: boolean; message: string }>;

/**
 * A document's details and the users given access to it, with the calls an owner makes on it through the REST
 * operations: its access type (Update Access for Documents), disable or enable end users' access (Update Disabled
 * State for Documents) and delete (Delete Documents, typed confirmation).
 */
export function DocumentSummary({ workspaceId, apiKeyId, document, base }: DocumentCardProps & { base: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const router = useRouter();
  const target = { workspaceId, apiKeyId };
  const { organizationId, documentId } = document;
  const query = useQuery(trpc.data.document.queryOptions({ ...target, data: document }));
  const [access, setAccess] = useState<AccessType | "">("");
  const accessId = useId();
  const reported = (done: string, after?: () => unknown) => ({
    onSuccess: (results: ItemResults) => {
      const r = results[documentId] ?? { success: false, message: "No result." };
      toast(r.success ? `${documentId}: ${done}` : `${documentId}: ${r.message}`, r.success ? "success" : "error");
      if (r.success && after) return after();
      return queryClient.invalidateQueries(trpc.data.pathFilter());
    },
    onError: (e: { message: string }) => toast(e.message, "error"),
  });
  const updateAccess = useMutation(trpc.v2.organizations.documents.access.update.mutationOptions());
  const disable = useMutation(trpc.v2.organizations.documents.access.disablestate.update.mutationOptions());
  const remove = useMutation(trpc.v2.organizations.documents.delete.mutationOptions());
  const ids = { organizationId, documentIds: [documentId] };
  const d = query.data;

  return (
    <section aria-labelledby="document-heading" className={ui.card}>
      <h2 id="document-heading" className={ui.cardTitle}>
        Document <span className="font-mono">{documentId}</span>
      </h2>
      <FormMessage error={query.error?.message} />
      {d && (
        <>
          <div className="mt-4">
            <DetailsList
              items={[
                ["Name", d.documentName ?? "—"],
                ["Folder", d.folderId ?? "top level"],
                ["Access", `${d.accessType}${d.inheritAccessFromParent ? " (from its folder)" : ""}`],
                ["End users", d.disabled ? "shut out (disabled)" : "allowed"],
                ["Added", formatTime(d.createdAt, "second")],
                ["Updated", formatTime(d.updatedAt, "second")],
              ]}
            />
          </div>
          <h3 className="mt-6 text-sm font-semibold text-zinc-900">Users given access</h3>
          {d.members.length === 0 ? (
            <p className="mt-1 text-sm text-zinc-600">No user was given access to this document itself.</p>
          ) : (
            <ul
              aria-label="Users given access"
              className="mt-2 divide-y divide-zinc-200 rounded-md border border-zinc-200"
            >
              {d.members.map((m) => (
                <li key={m.userId} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2">
                  <span className="min-w-0">
                    <span className={ui.mono}>{m.userId}</span>
                    {m.name && <span className="ml-2 text-sm text-zinc-800">{m.name}</span>}
                    {m.email && <span className="ml-2 text-sm text-zinc-600">{m.email}</span>}
                  </span>
                  <span className="text-sm text-zinc-600">
                    {m.accessRole}
                    {m.expiresAt && ` until ${formatTime(m.expiresAt)}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-6 flex flex-wrap items-end gap-3">
            <label htmlFor={accessId} className="min-w-0">
              <span className={ui.label}>Access type</span>
              <select
                id={accessId}
                className={`${ui.input} mt-1`}
                value={access || d.accessType}
                onChange={(e) => setAccess(e.target.value as AccessType)}
              >
                {ACCESS_TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            </label>
            <ConfirmButton
              className={ui.secondary}
              title={`Change the access of ${documentId}?`}
              description={
                <p>
                  Its access type becomes {access || d.accessType}, and with it who may open it (organizationPrivate:
                  the organization&apos;s users; restricted: the users given access; public: anyone).
                </p>
              }
              confirmLabel="Change access"
              disabled={!access || access === d.accessType || updateAccess.isPending}
              onConfirm={() =>
                access &&
                updateAccess.mutate(
                  { ...target, data: { ...ids, accessType: access } },
                  reported(`access is ${access}.`),
                )
              }
            >
              Change access
            </ConfirmButton>
            {d.disabled ? (
              <button
                type="button"
                className={ui.secondary}
                disabled={disable.isPending}
                onClick={() =>
                  disable.mutate(
                    { ...target, data: { ...ids, disabled: false } },
                    reported("end users' access is on again."),
                  )
                }
              >
                Enable
              </button>
            ) : (
              <ConfirmButton
                className={ui.secondary}
                title={`Disable ${documentId}?`}
                description={
                  <p>
                    Its end users can no longer read or write it, and their open live connections close. This key&apos;s
                    own calls keep working, so you can enable it again.
                  </p>
                }
                confirmLabel="Disable"
                disabled={disable.isPending}
                onConfirm={() =>
                  disable.mutate({ ...target, data: { ...ids, disabled: true } }, reported("end users' access is off."))
                }
              >
                Disable
              </ConfirmButton>
            )}
            <TypeToConfirm
              title={`Delete ${documentId}?`}
              description={
                <p>
                  The document and everything stored under its id (comments, notifications, CRDT content) are deleted.
                  This cannot be undone.
                </p>
              }
              name={documentId}
              confirmLabel="Delete document"
              busy={remove.isPending}
              onConfirm={() =>
                remove.mutate(
                  { ...target, data: ids },
                  reported("deleted.", () => router.push(browseHref(base, { org: organizationId }))),
                )
              }
            >
              Delete
            </TypeToConfirm>
          </div>
        </>
      )}
    </section>
  );
}
