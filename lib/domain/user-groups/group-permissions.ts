import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf } from "../batch";
import { invalid } from "../errors";
import { accessRole, clientId } from "../fields";
import { orgScope, type OrgScope } from "../organizations/organization-scope";
import { RESOURCE_TYPES } from "../permissions/resources";
import type { ApiKeyScope } from "../scope";
import { lockGroup, saveGroupGrants } from "./user-groups-store";

// Weft extensions: what a group's members may open, granted and taken back like a user's own permissions
// (Add / Remove Permissions), within the group's organization. A grant on the organization makes the members
// organization members; on a folder or document it also opens restricted ones.

const groupTarget = { organizationId: clientId, organizationUserGroupId: clientId };
const ref = { type: z.enum(RESOURCE_TYPES), id: clientId };

export const addGroupPermissionsInput = z.strictObject({
  ...groupTarget,
  permissions: z.strictObject({
    resources: batchOf(
      z.strictObject({
        ...ref,
        accessRole: accessRole.optional(),
        expiresAt: z.number().int().min(0).max(1e11).optional().describe("Unix seconds."),
      }),
    ),
  }),
});

export const removeGroupPermissionsInput = z.strictObject({
  ...groupTarget,
  permissions: z.strictObject({ resources: batchOf(z.strictObject(ref)) }),
});

/** The resources must name the group's own organization; the group must exist (locked until the end). */
async function checkTarget(tx: Tx, org: OrgScope, groupId: string, resources: { type: string; id: string }[]) {
  assertDistinct(
    resources.map((r) => `${r.type}\n${r.id}`),
    "permissions.resources",
  );
  const i = resources.findIndex((r) => r.type === "organization" && r.id !== org.organizationId);
  if (i >= 0) throw invalid(`permissions.resources[${i}].id must be the group's organizationId.`);
  await lockGroup(tx, org, groupId);
}

/** Grants the group each resource (editor unless said); a grant that exists takes the new role and expiry. */
export async function addGroupPermissions(
  scope: ApiKeyScope,
  input: z.output<typeof addGroupPermissionsInput>,
  tx: Tx,
) {
  const org = orgScope(scope, input.organizationId);
  const resources = input.permissions.resources;
  await checkTarget(tx, org, input.organizationUserGroupId, resources);
  await saveGroupGrants(
    tx,
    org,
    input.organizationUserGroupId,
    resources.map((r) => ({
      resourceType: r.type,
      resourceId: r.id,
      accessRole: r.accessRole ?? "editor",
      expiresAt: r.expiresAt === undefined ? null : new Date(r.expiresAt * 1000),
    })),
  );
  return null;
}

/** Takes grants back from the group; its members lose that access at once. */
export async function removeGroupPermissions(
  scope: ApiKeyScope,
  input: z.output<typeof removeGroupPermissionsInput>,
  tx: Tx,
) {
  const org = orgScope(scope, input.organizationId);
  const resources = input.permissions.resources;
  await checkTarget(tx, org, input.organizationUserGroupId, resources);
  await tx.userGroupGrant.deleteMany({
    where: {
      ...org,
      groupId: input.organizationUserGroupId,
      OR: resources.map((r) => ({ resourceType: r.type, resourceId: r.id })),
    },
  });
  return null;
}
