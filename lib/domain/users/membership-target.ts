import { invalid } from "../errors";

/** The resource a users operation works on: the organization itself, one folder or one document. */
export interface MembershipTarget {
  resourceType: "organization" | "folder" | "document";
  resourceId: string;
}

export function membershipTarget(input: {
  organizationId: string;
  documentId?: string;
  folderId?: string;
}): MembershipTarget {
  if (input.documentId !== undefined && input.folderId !== undefined)
    throw invalid("Provide either documentId or folderId, not both.");
  if (input.documentId !== undefined) return { resourceType: "document", resourceId: input.documentId };
  if (input.folderId !== undefined) return { resourceType: "folder", resourceId: input.folderId };
  return { resourceType: "organization", resourceId: input.organizationId };
}
