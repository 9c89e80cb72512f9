import type { Prisma } from "@/lib/generated/prisma/client";
import type { Reader } from "@/lib/infra/db";
import type { AccessRole, AccessType } from "../fields";
import { ROOT } from "../folders/folder-tree";
import type { OrgScope } from "../organizations/organization-scope";
import type { GrantFact, OrganizationFact, ResourceFact } from "./access-rules";

// Reads what the access rules decide on, for some documents and folders of one organization and some users, in
// two rounds of parallel queries: the organization, the documents, the folders asked, and every grant the users
// hold in the organization (their own and their groups'); then the folders the documents are in.

export interface AccessFacts {
  organization: OrganizationFact | null;
  /** Registered documents among those asked, by documentId. */
  documents: Map<string, ResourceFact>;
  /** Folders among those asked, by folderId. */
  folders: Map<string, ResourceFact>;
  /** Stored grants of each user asked, their groups' included (expired ones too). */
  grants: Map<string, GrantFact[]>;
}

export interface AccessQuery {
  documentIds?: readonly string[];
  folderIds?: readonly string[];
  userIds: readonly string[];
}

/** The grants that can cover these documents and folders: the organization, the documents, any folder. */
function coveringGrants(org: OrgScope, documentIds: readonly string[]) {
  return {
    OR: [
      { resourceType: "organization", resourceId: org.organizationId },
      { resourceType: "folder" },
      ...(documentIds.length ? [{ resourceType: "document", resourceId: { in: [...documentIds] } }] : []),
    ],
  } satisfies Prisma.MembershipWhereInput;
}

const grantSelect = { resourceType: true, resourceId: true, accessRole: true, expiresAt: true } as const;

function grantFact(g: { resourceType: string; resourceId: string; accessRole: string; expiresAt: Date | null }) {
  return {
    type: g.resourceType as GrantFact["type"],
    id: g.resourceId,
    accessRole: g.accessRole as AccessRole,
    expiresAt: g.expiresAt?.getTime() ?? null,
  } satisfies GrantFact;
}

/** Folder ids from the top down to the folder itself ("root" left out). */
const folderPath = (f: { folderId: string; ancestors: string[] }) => [
  ...f.ancestors.filter((a) => a !== ROOT),
  f.folderId,
];

export async function readAccessFacts(db: Reader, org: OrgScope, q: AccessQuery): Promise<AccessFacts> {
  const documentIds = q.documentIds ?? [];
  const folderIds = q.folderIds ?? [];
  const userIds = [...q.userIds];
  const folderSelect = { folderId: true, ancestors: true, accessType: true } as const;
  const [organization, documents, folders, memberships, groupMembers] = await Promise.all([
    db.organization.findUnique({
      where: { apiKeyId_organizationId: org },
      select: { disabled: true, deletedAt: true },
    }),
    documentIds.length
      ? db.document.findMany({
          where: { ...org, documentId: { in: [...documentIds] } },
          select: { documentId: true, folderId: true, accessType: true, disabled: true },
        })
      : [],
    folderIds.length
      ? db.folder.findMany({ where: { ...org, folderId: { in: [...folderIds] } }, select: folderSelect })
      : [],
    userIds.length
      ? db.membership.findMany({
          where: { ...org, userId: { in: userIds }, ...coveringGrants(org, documentIds) },
          select: { userId: true, ...grantSelect },
        })
      : [],
    userIds.length
      ? db.userGroupMember.findMany({
          where: { ...org, userId: { in: userIds } },
          select: {
            userId: true,
            group: { select: { grants: { where: coveringGrants(org, documentIds), select: grantSelect } } },
          },
        })
      : [],
  ]);
  const known = new Map(folders.map((f) => [f.folderId, f]));
  const missing = [...new Set(documents.flatMap((d) => (d.folderId && !known.has(d.folderId) ? [d.folderId] : [])))];
  if (missing.length) {
    const above = await db.folder.findMany({ where: { ...org, folderId: { in: missing } }, select: folderSelect });
    for (const f of above) known.set(f.folderId, f);
  }

  const grants = new Map<string, GrantFact[]>(userIds.map((u) => [u, []]));
  for (const m of memberships) grants.get(m.userId)!.push(grantFact(m));
  for (const m of groupMembers) grants.get(m.userId)!.push(...m.group.grants.map(grantFact));

  const documentFacts = new Map<string, ResourceFact>();
  for (const d of documents) {
    const folder = d.folderId ? known.get(d.folderId) : undefined;
    documentFacts.set(d.documentId, {
      kind: "document",
      id: d.documentId,
      accessType: d.accessType as AccessType,
      disabled: d.disabled,
      folders: folder ? folderPath(folder) : [],
    });
  }
  const folderFacts = new Map<string, ResourceFact>();
  for (const f of folders) {
    folderFacts.set(f.folderId, {
      kind: "folder",
      id: f.folderId,
      accessType: f.accessType as AccessType,
      disabled: false,
      folders: folderPath(f),
    });
  }
  return {
    organization: organization && { disabled: organization.disabled, deleted: organization.deletedAt !== null },
    documents: documentFacts,
    folders: folderFacts,
    grants,
  };
}
