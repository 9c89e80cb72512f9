import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { type Access, organizationAccess, type ResourceFact, userAccess } from "../access/access-rules";
import { readAccessFacts } from "../access/access-store";
import { assertDistinct, byClientId } from "../batch";
import { DomainError } from "../errors";
import { clientId } from "../fields";
import { orgScope } from "../organizations/organization-scope";
import type { ApiKeyScope } from "../scope";
import type { PermissionEntry, UserPermissions } from "./permissions-contract";

export const getPermissionsInput = z.strictObject({
  organizationId: clientId,
  userIds: z.array(clientId).min(1).max(30),
  folderIds: z.array(clientId).max(30).optional(),
  documentIds: z.array(clientId).max(30).optional(),
});

const DENIED: Record<string, string> = {
  "organization-disabled": "Organization is disabled",
  "document-disabled": "Document is disabled",
};

function entry(
  access: Omit<Access, "accessType"> & Partial<Pick<Access, "accessType">>,
  kind: "organization" | "folder" | "document",
  withType: boolean,
): PermissionEntry {
  const accessType = withType && access.accessType ? { accessType: access.accessType } : {};
  if (!access.role)
    return {
      error: DENIED[access.reason] ?? `User does not have access to ${kind}`,
      errorCode: "permission_denied",
      ...accessType,
    };
  return {
    accessRole: access.role,
    ...accessType,
    ...(access.expiresAt !== undefined && { expiresAt: Math.floor(access.expiresAt / 1000) }),
  };
}

/**
 * Each user's effective access to the organization and to the folders and documents asked, as the access model
 * decides it (lib/domain/access): stored grants, the user's groups, access types, disabled states. A denied
 * resource is an entry with an error; a folder or document that does not exist fails the whole call, with the
 * per-user answer in details.
 */
export async function getPermissions(scope: ApiKeyScope, input: z.output<typeof getPermissionsInput>, db: Reader) {
  assertDistinct(input.userIds, "userIds");
  const org = orgScope(scope, input.organizationId);
  const facts = await readAccessFacts(db, org, input);
  const now = Date.now();
  let missing = false;
  const data = byClientId<UserPermissions>();
  for (const userId of input.userIds) {
    const grants = facts.grants.get(userId)!;
    const decide = (resource: ResourceFact) =>
      userAccess(input.organizationId, facts.organization, resource, grants, now);
    const answer: UserPermissions = {
      organization: byClientId<PermissionEntry>(),
      ...(input.folderIds && { folders: byClientId<PermissionEntry>() }),
      ...(input.documentIds && { documents: byClientId<PermissionEntry>() }),
    };
    answer.organization[input.organizationId] = facts.organization
      ? entry(organizationAccess(input.organizationId, facts.organization, grants, now), "organization", false)
      : { error: "Organization does not exist", errorCode: "does_not_exist" };
    for (const folderId of input.folderIds ?? []) {
      const folder = facts.folders.get(folderId);
      if (!folder) missing = true;
      answer.folders![folderId] = folder
        ? entry(decide(folder), "folder", true)
        : { error: "Folder does not exist", errorCode: "does_not_exist" };
    }
    for (const documentId of input.documentIds ?? []) {
      const document = facts.documents.get(documentId);
      if (!document) missing = true;
      answer.documents![documentId] = document
        ? entry(decide(document), "document", true)
        : { error: "Document does not exist", errorCode: "does_not_exist" };
    }
    data[userId] = answer;
  }
  if (missing) throw new DomainError("NOT_FOUND", "Folder or document does not exist", data);
  return data;
}
