import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { clientId, type AccessRole } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import { pageArgs, pagingInput, takePage } from "../paging";
import type { Resource } from "../permissions/resources";
import type { ApiKeyScope } from "../scope";

export const getUserGroupsInput = z.strictObject({
  organizationId: clientId,
  organizationUserGroupIds: z.array(clientId).max(30).optional(),
  userId: clientId.optional().describe("Only the groups this user is in."),
  ...pagingInput,
});

/**
 * A weft extension (the hosted API has no way to read groups): one page of the organization's groups, oldest
 * first, optionally only those named or those a user is in, each with the grants its members share.
 */
export async function getUserGroups(scope: ApiKeyScope, input: z.output<typeof getUserGroupsInput>, db: Reader) {
  const org = orgScope(scope, input.organizationId);
  const rows = await db.userGroup.findMany({
    ...pageArgs(input, {
      ...org,
      ...(input.organizationUserGroupIds && { groupId: { in: input.organizationUserGroupIds } }),
      ...(input.userId !== undefined && { members: { some: { userId: input.userId } } }),
    }),
    select: {
      id: true,
      createdAt: true,
      groupId: true,
      groupName: true,
      grants: {
        select: { resourceType: true, resourceId: true, accessRole: true, expiresAt: true },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      },
    },
  });
  const { page, nextPageToken } = takePage(rows, input.pageSize);
  return {
    groups: page.map((g) => ({
      groupId: g.groupId,
      groupName: g.groupName ?? undefined,
      permissions: g.grants.map((p) => ({
        type: p.resourceType as Resource["type"],
        id: p.resourceId,
        accessRole: p.accessRole as AccessRole,
        ...(p.expiresAt && { expiresAt: Math.floor(p.expiresAt.getTime() / 1000) }),
      })),
    })),
    nextPageToken,
  };
}
