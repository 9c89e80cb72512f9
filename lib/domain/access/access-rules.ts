import type { AccessRole, AccessType } from "../fields";

// The access model as a pure function over facts already read (access-store.ts reads them). One resource of one
// organization (a document or a folder), one principal:
//   - a deleted organization is gone for everyone; a service token (the API key itself) may do anything else;
//   - a disabled organization or document gives end users nothing (key-level REST keeps working);
//   - grants (token, stored, and those of the user's groups) cover a document by its id, a folder by the id of
//     the folder or of any folder above it, everything by the organization's id. The most specific level that
//     has a live grant decides the role (document over folder, the nearest folder over those above it, folder
//     over organization); within one level editor wins over viewer;
//   - the access type decides who gets in: `restricted` only through a document or folder grant,
//     `organizationPrivate` through any grant (an organization grant makes the user a member), `public` anyone,
//     with the role of their grants or else the default role, editor.
// A document weft has no row for (CRDT data written before Add Documents) has no access type of its own: it
// counts as organizationPrivate.

export type Role = AccessRole;

export type AccessReason =
  | "service-token"
  | "document-grant"
  | "folder-grant"
  | "organization-grant"
  | "public"
  | "organization-deleted"
  | "organization-disabled"
  | "document-disabled"
  | "not-permitted";

export interface Access {
  role: Role | null;
  reason: AccessReason;
  /** The effective access type of the resource (organizationPrivate for an unregistered document). */
  accessType: AccessType;
  /** When the deciding grants run out (ms since the epoch), if they do. */
  expiresAt?: number;
}

export interface GrantFact {
  type: "organization" | "folder" | "document";
  id: string;
  accessRole: Role;
  /** ms since the epoch; null: never. */
  expiresAt: number | null;
}

export interface OrganizationFact {
  disabled: boolean;
  deleted: boolean;
}

export interface ResourceFact {
  kind: "document" | "folder";
  id: string;
  accessType: AccessType;
  /** Documents only (Update Disabled State for Documents). */
  disabled: boolean;
  /** Folder ids from the top down to the one the resource is in (a folder's own id comes last). */
  folders: string[];
}

/** A document weft has no row for: reached through grants on it or on its organization. */
export const unregisteredDocument = (documentId: string): ResourceFact => ({
  kind: "document",
  id: documentId,
  accessType: "organizationPrivate",
  disabled: false,
  folders: [],
});

/** A deleted organization refuses everyone; otherwise the API key's own credentials may do anything. */
export function serviceAccess(org: OrganizationFact | null, resource: ResourceFact): Access {
  const accessType = resource.accessType;
  if (org?.deleted) return { role: null, reason: "organization-deleted", accessType };
  return { role: "editor", reason: "service-token", accessType };
}

/**
 * What a user may do with a resource of `organizationId` (`org` null: no organization row). `grants` are every
 * grant the user holds in the organization, expired ones included.
 */
export function userAccess(
  organizationId: string,
  org: OrganizationFact | null,
  resource: ResourceFact,
  grants: readonly GrantFact[],
  now: number,
): Access {
  const accessType = resource.accessType;
  const refuse = (reason: AccessReason): Access => ({ role: null, reason, accessType });
  if (org?.deleted) return refuse("organization-deleted");
  if (org?.disabled) return refuse("organization-disabled");
  if (resource.disabled) return refuse("document-disabled");

  const live = grants.filter((g) => g.expiresAt === null || g.expiresAt > now);
  const decided = decidingGrants(organizationId, resource, live);
  const admits =
    decided !== undefined &&
    (accessType !== "restricted" || decided.reason === "document-grant" || decided.reason === "folder-grant");
  if (admits) return { ...roleOf(decided.grants), reason: decided.reason, accessType };
  if (accessType === "public") return { role: "editor", reason: "public", accessType };
  return refuse("not-permitted");
}

/** The organization itself (Get Permissions' organization entry): only an organization grant makes a member. */
export function organizationAccess(
  organizationId: string,
  org: OrganizationFact | null,
  grants: readonly GrantFact[],
  now: number,
): Omit<Access, "accessType"> {
  if (org?.deleted) return { role: null, reason: "organization-deleted" };
  if (org?.disabled) return { role: null, reason: "organization-disabled" };
  const own = grants.filter(
    (g) => g.type === "organization" && g.id === organizationId && (g.expiresAt === null || g.expiresAt > now),
  );
  if (!own.length) return { role: null, reason: "not-permitted" };
  return { ...roleOf(own), reason: "organization-grant" };
}

/** Editor if any grant says so; the expiry is the latest of the grants giving that role (none if one never ends). */
function roleOf(grants: readonly GrantFact[]): { role: Role; expiresAt?: number } {
  const role: Role = grants.some((g) => g.accessRole === "editor") ? "editor" : "viewer";
  const atRole = grants.filter((g) => g.accessRole === role);
  if (atRole.some((g) => g.expiresAt === null)) return { role };
  return { role, expiresAt: Math.max(...atRole.map((g) => g.expiresAt!)) };
}

/** The live grants of the most specific level that covers the resource, if any does. */
function decidingGrants(
  organizationId: string,
  resource: ResourceFact,
  live: readonly GrantFact[],
): { reason: AccessReason; grants: GrantFact[] } | undefined {
  if (resource.kind === "document") {
    const own = live.filter((g) => g.type === "document" && g.id === resource.id);
    if (own.length) return { reason: "document-grant", grants: own };
  }
  for (const folderId of [...resource.folders].reverse()) {
    const onFolder = live.filter((g) => g.type === "folder" && g.id === folderId);
    if (onFolder.length) return { reason: "folder-grant", grants: onFolder };
  }
  const onOrganization = live.filter((g) => g.type === "organization" && g.id === organizationId);
  if (onOrganization.length) return { reason: "organization-grant", grants: onOrganization };
  return undefined;
}
