"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import {
  mayDo,
  memberRoles,
  roleDescriptions,
  roleLabels,
  type ActorRole,
  type MemberRole,
} from "@/lib/domain/teams/roles";
import { ConfirmButton } from "../confirm-button";
import { FormMessage } from "../form-message";
import { ui } from "../styles";
import { TextField } from "../text-field";
import { useToast } from "../toaster";
import { useTRPC } from "../trpc";

/**
 * The workspace's people and their roles. Admins and owners invite (a sign-in link is mailed), change roles and
 * remove members; the router enforces it (the controls only follow `role`).
 */
export function Members({ workspaceId, role }: { workspaceId: string; role: ActorRole }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const input = { workspaceId, data: {} };
  const members = useQuery(trpc.teams.members.queryOptions(input));
  const refresh = () => queryClient.invalidateQueries(trpc.teams.members.queryFilter(input));
  const manages = mayDo(role, "manage");
  const owner = mayDo(role, "owner");
  const offered = memberRoles.filter((r) => owner || r !== "owner");
  const changeRole = useMutation(
    trpc.teams.changeRole.mutationOptions({
      onSuccess: (r) => {
        toast(`${r.email} is now ${roleLabels[r.role].toLowerCase()}.`);
        return refresh();
      },
      onError: (e) => toast(e.message, "error"),
    }),
  );
  const remove = useMutation(
    trpc.teams.remove.mutationOptions({
      onSuccess: (r) => {
        toast(`${r.email} was removed from the workspace.`);
        return refresh();
      },
      onError: (e) => toast(e.message, "error"),
    }),
  );

  return (
    <div className="space-y-6">
      {manages && <InviteForm workspaceId={workspaceId} roles={offered} onInvited={refresh} />}
      <section className={ui.card} aria-labelledby="members-title">
        <h2 id="members-title" className={ui.cardTitle}>
          Members
        </h2>
        <FormMessage error={members.error?.message} />
        <ul className="mt-3 divide-y divide-zinc-200" aria-label="Members">
          {members.data?.map((m) => (
            <li key={m.email} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium break-words text-zinc-900">{m.email}</p>
                <p className="text-sm text-zinc-500">
                  {m.creator
                    ? "Created the workspace"
                    : m.joinedAt
                      ? `Joined ${new Date(m.joinedAt).toLocaleDateString()}`
                      : `Invited by ${m.invitedBy ?? "?"}, not signed in yet`}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {manages && !m.creator && (owner || m.role !== "owner") ? (
                  <>
                    <label className="sr-only" htmlFor={`role-${m.email}`}>
                      Role of {m.email}
                    </label>
                    <select
                      id={`role-${m.email}`}
                      className={`${ui.input} w-auto`}
                      value={m.role}
                      disabled={changeRole.isPending}
                      onChange={(e) =>
                        changeRole.mutate({ workspaceId, data: { email: m.email, role: e.target.value as MemberRole } })
                      }
                    >
                      {offered.map((r) => (
                        <option key={r} value={r}>
                          {roleLabels[r]}
                        </option>
                      ))}
                    </select>
                    <ConfirmButton
                      title={`Remove ${m.email}?`}
                      description={<p>They lose access to this workspace at once. You can invite them again later.</p>}
                      confirmLabel="Remove member"
                      ariaLabel={`Remove ${m.email}`}
                      onConfirm={() => remove.mutate({ workspaceId, data: { email: m.email } })}
                      disabled={remove.isPending}
                      className={`${ui.dangerOutline} ${ui.small}`}
                    >
                      Remove
                    </ConfirmButton>
                  </>
                ) : (
                  <span className={`${ui.badge} border-zinc-300 text-zinc-700`}>{roleLabels[m.role]}</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className={ui.card} aria-labelledby="roles-title">
        <h2 id="roles-title" className={ui.cardTitle}>
          Roles
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          {memberRoles.map((r) => (
            <div key={r} className="sm:flex sm:gap-2">
              <dt className="font-medium text-zinc-900 sm:w-28">{roleLabels[r]}</dt>
              <dd className="text-zinc-600">{roleDescriptions[r]}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-zinc-600">Your role here: {roleLabels[role]}.</p>
      </section>
    </div>
  );
}

function InviteForm({
  workspaceId,
  roles,
  onInvited,
}: {
  workspaceId: string;
  roles: readonly MemberRole[];
  onInvited: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const toast = useToast();
  const roleId = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<MemberRole>("developer");
  const invite = useMutation(
    trpc.teams.invite.mutationOptions({
      onSuccess: async (r) => {
        toast(`Invitation sent to ${r.email}.`);
        setEmail("");
        await onInvited();
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate({ workspaceId, data: { email, role } });
  };
  return (
    <form className={`${ui.card} space-y-4`} onSubmit={submit} aria-labelledby="invite-title">
      <h2 id="invite-title" className={ui.cardTitle}>
        Invite a member
      </h2>
      <p className="text-sm text-zinc-600">They get an email with a link that signs them in to this workspace.</p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TextField
            label="Email address"
            name="email"
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={roleId} className={ui.label}>
            Role
          </label>
          <select
            id={roleId}
            className={`${ui.input} mt-1`}
            value={role}
            onChange={(e) => setRole(e.target.value as MemberRole)}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={ui.primary} disabled={invite.isPending}>
          {invite.isPending ? "Inviting…" : "Send invitation"}
        </button>
      </div>
      <FormMessage error={invite.error?.message} />
    </form>
  );
}
