import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, byClientId, type ItemResult, type ItemResults } from "../batch";
import { clientId } from "../fields";
import { ensureOrganization, orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { saveGroups, userGroupRowId } from "./user-groups-store";

export const groupName = z.string().max(1000);

export const addUserGroupsInput = z.strictObject({
  organizationId: clientId,
  createOrganization: z.boolean().optional(),
  organizationUserGroups: batchOf(z.strictObject({ groupId: clientId, groupName })),
});

/** Creates groups; adding one that exists renames it. */
export async function addUserGroups(
  scope: ApiKeyScope,
  input: z.output<typeof addUserGroupsInput>,
  tx: Tx,
): Promise<ItemResults> {
  const org = orgScope(scope, input.organizationId);
  const groups = input.organizationUserGroups;
  assertDistinct(
    groups.map((g) => g.groupId),
    "organizationUserGroups",
    "groupId",
  );
  await ensureOrganization(tx, org, input.createOrganization ?? false);
  await saveGroups(tx, org, groups);
  const results = byClientId<ItemResult>();
  for (const { groupId } of groups)
    results[groupId] = { success: true, id: userGroupRowId(org, groupId), message: "Organization user group added." };
  return results;
}
