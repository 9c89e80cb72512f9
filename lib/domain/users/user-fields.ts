import { z } from "zod";
import { derivedId } from "@/lib/infra/ids";
import { accessRole, clientId } from "../fields";
import type { OrgScope } from "../organizations/organization-scope";

// The User object of the users operations. Profile fields live in the organization's directory, shared by
// every resource the user belongs to; accessRole belongs to one membership.

/** The User fields every API that carries a user shares (users, comments, notifications, activity). */
export const userFields = {
  userId: clientId,
  name: z.string().max(500).optional(),
  email: z.string().max(254).optional(),
  photoUrl: z.string().max(2000).optional(),
  initial: z.string().max(8).optional(),
  color: z.string().max(100).optional(),
  textColor: z.string().max(100).optional(),
};

export const userProfile = z
  .strictObject({
    ...userFields,
    /** Filterable with Get Users' organizationUserGroupIds. */
    organizationUserGroupIds: z.array(clientId).max(100).optional(),
  })
  .meta({ id: "UserProfile" });
export type UserProfileInput = z.output<typeof userProfile>;

/** For the v2 users operations, which also set the membership's role. */
export const userWithRole = userProfile.extend({ accessRole: accessRole.optional() }).meta({ id: "UserWithRole" });

export const userRowId = (org: OrgScope, userId: string) =>
  derivedId("usr", [org.apiKeyId, org.organizationId, userId]);

/** "ada lovelace" -> "A". */
export function initialOf(name: string): string | undefined {
  return Array.from(name.trim())[0]?.toUpperCase();
}
