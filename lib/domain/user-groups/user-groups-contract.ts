import { z } from "zod";
import { clientIdRecord } from "../batch";
import { ACCESS_ROLES } from "../fields";
import { RESOURCE_TYPES } from "../permissions/resources";

// Replies of the user group operations.

/** Add Users to Groups and Delete Users from Groups: per userId. */
export const groupMemberResults = clientIdRecord(
  z.object({ success: z.boolean(), organizationUserGroupId: z.string(), message: z.string() }),
  { id: "GroupMemberResults" },
);

/** A group as Get User Groups answers it, with the access its members get from it. */
export const userGroupOutput = z
  .object({
    groupId: z.string(),
    groupName: z.string().optional(),
    permissions: z.array(
      z.object({
        type: z.enum(RESOURCE_TYPES),
        id: z.string(),
        accessRole: z.enum(ACCESS_ROLES),
        expiresAt: z.number().optional().describe("Unix seconds."),
      }),
    ),
  })
  .meta({ id: "UserGroup" });
