import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { assertDistinct, batchOf, type ItemResults, byClientId, type ItemResult } from "../batch";
import { ensureDocument } from "../documents/documents-store";
import { clientId } from "../fields";
import { ensureFolder } from "../folders/folders-store";
import { ensureOrganization, orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import { membershipTarget } from "./membership-target";
import { saveMemberships, saveProfiles } from "./users-store";
import { userRowId, userWithRole } from "./user-fields";

export const addUsersInput = z.strictObject({
  organizationId: clientId,
  createOrganization: z.boolean().optional(),
  documentId: clientId.optional(),
  createDocument: z.boolean().optional(),
  folderId: clientId.optional(),
  createFolder: z.boolean().optional(),
  users: batchOf(userWithRole),
});

/** v1: no create flags (a missing organization is still created; a folder or document must exist). */
export const addUsersV1Input = addUsersInput.omit({
  createOrganization: true,
  createDocument: true,
  createFolder: true,
});

/**
 * The spec's rules: without documentId or folderId the users join the organization; with folderId only
 * that folder; with documentId only that document (provide one of them, not both). A missing organization
 * is created whatever createOrganization says; a missing folder or document only with createFolder /
 * createDocument. Adding a user again updates the profile and keeps the role unless one is given.
 */
export async function addUsers(
  scope: ApiKeyScope,
  input: z.output<typeof addUsersInput>,
  tx: Tx,
): Promise<ItemResults> {
  const target = membershipTarget(input);
  const org = orgScope(scope, input.organizationId);
  assertDistinct(
    input.users.map((u) => u.userId),
    "users",
    "userId",
  );
  await ensureOrganization(tx, org, true);
  if (target.resourceType === "document")
    await ensureDocument(tx, org, target.resourceId, input.createDocument ?? false);
  if (target.resourceType === "folder") await ensureFolder(tx, org, target.resourceId, input.createFolder ?? false);
  await saveProfiles(tx, org, input.users);
  await saveMemberships(
    tx,
    org,
    input.users.map((u) => ({ ...target, userId: u.userId, accessRole: u.accessRole })),
  );
  const results = byClientId<ItemResult>();
  for (const u of input.users)
    results[u.userId] = { success: true, id: userRowId(org, u.userId), message: "User added." };
  return results;
}
