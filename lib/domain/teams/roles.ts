// The roles a workspace member can have and what each may do in the console. Client components import it (the
// members page offers the roles, the pages hide what a role cannot do); the console router enforces it.
//
//   viewer     sees the workspace, its keys, settings, logs and data; never a secret (the console redacts any
//              credential from what it shows them and refuses the reveal actions)
//   developer  + changes a key's settings, webhooks and data, sends test events and mails, resends
//   admin      + reveals and rotates secrets (auth tokens, signing secrets), manages keys and members
//   owner      + deletes the workspace, makes or removes owners
// The workspace's creator (its ownerEmail) is always an owner. An operator (WEFT_ADMIN_EMAILS) may do all of it.

export const memberRoles = ["owner", "admin", "developer", "viewer"] as const;
export type MemberRole = (typeof memberRoles)[number];
export type ActorRole = MemberRole | "operator";

/** What a console procedure needs. */
export type Need = "read" | "write" | "secret" | "manage" | "owner";

const RANK: Record<ActorRole, number> = { viewer: 0, developer: 1, admin: 2, owner: 3, operator: 4 };

const LEAST_ROLE: Record<Need, MemberRole> = {
  read: "viewer",
  write: "developer",
  secret: "admin",
  manage: "admin",
  owner: "owner",
};

export function mayDo(role: ActorRole, need: Need): boolean {
  return RANK[role] >= RANK[LEAST_ROLE[need]];
}

/** Whether what `role` is shown must have its credentials redacted. */
export function seesSecrets(role: ActorRole): boolean {
  return mayDo(role, "secret");
}

export const roleLabels: Record<ActorRole, string> = {
  owner: "Owner",
  admin: "Admin",
  developer: "Developer",
  viewer: "Viewer",
  operator: "Operator",
};

export const roleDescriptions: Record<MemberRole, string> = {
  owner: "Everything, including deleting the workspace and managing owners.",
  admin: "Reveals and rotates secrets, manages API keys and members.",
  developer: "Changes settings, webhooks and data; cannot see secrets.",
  viewer: "Sees settings, logs and data; cannot change anything or see secrets.",
};

const NEEDS: Record<Need, string> = {
  read: "see this workspace",
  write: "change settings",
  secret: "reveal or rotate secrets",
  manage: "manage keys and members",
  owner: "do this (owners only)",
};

/** The refusal a role gets for what it may not do. */
export function roleRefusal(role: ActorRole, need: Need): string {
  return `Your role in this workspace (${roleLabels[role].toLowerCase()}) cannot ${NEEDS[need]}.`;
}
