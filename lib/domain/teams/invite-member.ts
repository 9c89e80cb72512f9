import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { env, publicUrl } from "@/lib/infra/env";
import { hitRateLimit } from "@/lib/infra/rate-limit";
import { sendMail } from "@/lib/infra/outbound/mailer";
import { assertNotDisposable } from "../disposable-email";
import { DomainError, denied, exhausted, notFound } from "../errors";
import { email, normalizeEmail } from "../fields";
import { admitLoginLinkRecipient, createLoginLink } from "../login/login-link";
import type { WorkspaceScope } from "../scope";
import { WORKSPACE_NOT_FOUND } from "../workspaces/get-visible-workspace";
import { mayDo, memberRoles, roleLabels, type ActorRole } from "./roles";

// Inviting someone to a workspace: a member row with their role, and a sign-in link (the console's magic link,
// next-auth's format) that lands on the workspace. The membership holds from now on; the link only saves them
// asking for one (it works once, for WEFT_LOGIN_LINK_TTL_S; afterwards they sign in with their address).

export const inviteMemberInput = z.strictObject({ email, role: z.enum(memberRoles) });

export const ALREADY_MEMBER = "This address already has access to the workspace.";
export const OWNERS_MAKE_OWNERS = "Only an owner can make someone an owner.";
export const TOO_MANY_INVITATIONS = "Too many invitations from this workspace for now. Try again later.";
export const ADDRESS_MAILED_TOO_OFTEN = "This address was sent too many sign-in links for now. Try again later.";

export interface Actor {
  email: string;
  role: ActorRole;
}

export async function inviteMember(
  scope: WorkspaceScope,
  input: z.output<typeof inviteMemberInput>,
  tx: Tx,
  actor: Actor,
) {
  const address = normalizeEmail(input.email);
  assertNotDisposable(address);
  if (input.role === "owner" && !mayDo(actor.role, "owner")) throw denied(OWNERS_MAKE_OWNERS);
  const ws = await tx.workspace.findFirst({
    where: { id: scope.workspaceId },
    select: { id: true, name: true, ownerEmail: true },
  });
  if (!ws) throw notFound(WORKSPACE_NOT_FOUND);
  if (ws.ownerEmail === address) throw new DomainError("ALREADY_EXISTS", ALREADY_MEMBER);
  const created = await tx.workspaceMember.createMany({
    data: [{ workspaceId: ws.id, email: address, role: input.role, invitedBy: actor.email }],
    skipDuplicates: true,
  });
  if (created.count === 0) throw new DomainError("ALREADY_EXISTS", ALREADY_MEMBER);
  // Counted in the transaction, so only invitations that are sent count: a workspace cannot mail without bound,
  // and removing and inviting someone again and again meets the limit on sign-in links to one address.
  if (!(await hitRateLimit(`invite:${ws.id}`, env().WEFT_RATE_LIMIT_INVITATIONS, tx)))
    throw exhausted(TOO_MANY_INVITATIONS);
  if (!(await admitLoginLinkRecipient(address, tx))) throw exhausted(ADDRESS_MAILED_TOO_OFTEN);
  const link = await createLoginLink(tx, address, new URL(`/workspaces/${ws.id}`, publicUrl()).toString());
  return { invitation: { to: address, link, workspaceName: ws.name, role: input.role, invitedBy: actor.email } };
}

export type Invitation = Awaited<ReturnType<typeof inviteMember>>["invitation"];

/** Mails the invitation once its transaction has committed (the link's token must exist when it is followed). */
export async function mailInvitation(invitation: Invitation) {
  const host = publicUrl().host;
  const role = roleLabels[invitation.role].toLowerCase();
  const sent = await sendMail({
    to: invitation.to,
    subject: `${invitation.invitedBy} invited you to ${invitation.workspaceName} on weft`,
    text:
      `${invitation.invitedBy} invited you to the workspace "${invitation.workspaceName}" on weft (${host}) ` +
      `as ${role}.\n\nOpen it with this link (it signs you in once; later, sign in with this address):\n\n` +
      `${invitation.link}\n`,
    html:
      `<p>${escapeHtml(invitation.invitedBy)} invited you to the workspace <b>${escapeHtml(invitation.workspaceName)}</b> ` +
      `on weft (${host}) as ${role}.</p><p><a href="${invitation.link}">Open the workspace</a></p>` +
      `<p>The link signs you in once; later, sign in with this address.</p>`,
  });
  if (sent.status === "failed")
    throw new DomainError("UNAVAILABLE", "The invitation email could not be sent. Try again later.");
  return { email: invitation.to, role: invitation.role };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
