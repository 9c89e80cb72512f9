import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Reader } from "@/lib/infra/db";
import { advancedQueriesDisabled, requireAdvancedQueries } from "../advanced-queries";
import { byClientId } from "../batch";
import { invalid } from "../errors";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import { jsonArray, jsonRecordOfArrays } from "../json-text";
import { decodePageToken, pageArgs, pagingInput, type Position, takePage } from "../paging";
import type { ApiKeyScope } from "../scope";
import { membersPage } from "./list-members";
import { type MembershipTarget, membershipTarget } from "./membership-target";
import { readMembersPage } from "./users-store";
import type { UserView } from "./users-contract";

export const getUsersInput = z.strictObject({
  organizationId: clientId,
  documentId: clientId.optional(),
  folderId: clientId.optional(),
  userIds: z.array(clientId).max(30).optional(),
  organizationUserGroupIds: z.array(clientId).max(30).optional(),
  allDocuments: z.boolean().optional(),
  groupByDocumentId: z.boolean().optional(),
  ...pagingInput,
});

const profileSelect = {
  userId: true,
  name: true,
  email: true,
  photoUrl: true,
  initial: true,
  color: true,
  textColor: true,
} as const;
type Profile = Prisma.OrganizationUserGetPayload<{ select: typeof profileSelect }> & { groupIds: string[] };

function view(p: Profile, accessRole?: string): UserView {
  const out: UserView = { userId: p.userId };
  for (const k of ["name", "email", "photoUrl", "initial", "color", "textColor"] as const)
    if (p[k] !== null) out[k] = p[k];
  if (p.groupIds.length) out.organizationUserGroupIds = p.groupIds;
  if (accessRole) out.accessRole = accessRole;
  return out;
}

/**
 * One page of users. By default the organization's own members; with documentId or folderId that
 * resource's members; with allDocuments every user who is a member of some document (organization-level
 * users are not included), grouped by document with groupByDocumentId. Filters combine; expired
 * memberships do not count.
 */
export async function getUsers(scope: ApiKeyScope, input: z.output<typeof getUsersInput>, tx: Reader) {
  let target: MembershipTarget;
  let position: Position | undefined;
  try {
    target = membershipTarget(input);
    if (input.allDocuments && input.folderId !== undefined)
      throw invalid("allDocuments cannot be combined with folderId.");
    position = input.pageToken ? decodePageToken(input.pageToken) : undefined;
  } catch (e) {
    await requireAdvancedQueries(scope, tx); // a key without advanced queries hears that first
    throw e;
  }
  const org = orgScope(scope, input.organizationId);

  if (input.allDocuments && !input.groupByDocumentId) {
    await requireAdvancedQueries(scope, tx);
    // Each user once, however many documents: paged over the directory.
    const live: Prisma.MembershipWhereInput = { OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] };
    const resource = {
      resourceType: "document",
      ...(input.documentId !== undefined && { resourceId: input.documentId }),
    };
    const userIds = input.userIds && { userId: { in: input.userIds } };
    const groups = input.organizationUserGroupIds && {
      groups: { some: { groupId: { in: input.organizationUserGroupIds } } },
    };
    const rows = await tx.organizationUser.findMany({
      ...pageArgs(input, { ...org, ...userIds, ...groups, memberships: { some: { ...resource, ...live } } }),
      select: {
        ...profileSelect,
        id: true,
        createdAt: true,
        groups: { select: { groupId: true }, orderBy: { groupId: "asc" } },
      },
    });
    const { page: users, nextPageToken } = takePage(rows, input.pageSize);
    return { users: users.map((p) => view({ ...p, groupIds: p.groups.map((g) => g.groupId) })), nextPageToken };
  }

  const rows = await readMembersPage(tx, {
    ...org,
    ...(input.allDocuments
      ? { resourceType: "document", resourceId: input.documentId }
      : { resourceType: target.resourceType, resourceId: target.resourceId }),
    userIds: input.userIds,
    groupIds: input.organizationUserGroupIds,
    now: new Date(),
    after: position && { at: new Date(position.at), id: position.id },
    take: input.pageSize + 1,
  });
  if (!rows[0]?.allowed) throw advancedQueriesDisabled(scope);
  const { members, nextPageToken } = membersPage(rows, input.pageSize);
  if (!input.allDocuments) return { users: jsonArray(members.map((m) => m.user!)), nextPageToken };
  const byDocument = byClientId<string[]>();
  for (const m of members) (byDocument[m.resourceId!] ??= []).push(m.user!);
  return { users: jsonRecordOfArrays(byDocument), nextPageToken };
}
