import { z } from "zod";
import { itemResults } from "@/lib/domain/batch";
import { addUserGroups, addUserGroupsInput } from "@/lib/domain/user-groups/add-user-groups";
import { addUsersToGroup, addUsersToGroupInput } from "@/lib/domain/user-groups/add-users-to-group";
import { deleteUserGroups, deleteUserGroupsInput } from "@/lib/domain/user-groups/delete-user-groups";
import { deleteUsersFromGroup, deleteUsersFromGroupInput } from "@/lib/domain/user-groups/delete-users-from-group";
import { getUserGroups, getUserGroupsInput } from "@/lib/domain/user-groups/get-user-groups";
import {
  addGroupPermissions,
  addGroupPermissionsInput,
  removeGroupPermissions,
  removeGroupPermissionsInput,
} from "@/lib/domain/user-groups/group-permissions";
import { groupMemberResults, userGroupOutput } from "@/lib/domain/user-groups/user-groups-contract";
import { defineEndpoint } from "../define-endpoint";
import { v1Twin } from "../v1-twin";
import { noData, paged } from "./replies";

const WEFT = "A weft extension (not in the hosted API): docs/organizations.md.";

const addUserGroupsV2 = defineEndpoint({
  path: "/v2/organizations/usergroups/add",
  auth: "apiKey",
  summary: "Add User Groups (adding one that exists renames it).",
  input: addUserGroupsInput,
  output: itemResults,
  message: "Organization User Groups added successfully.",
  writes: true,
  run: (input, ctx) => addUserGroups(ctx.scope, input, ctx.tx),
});

const addUsersToGroupV2 = defineEndpoint({
  path: "/v2/organizations/usergroups/users/add",
  auth: "apiKey",
  summary: "Add Users to Groups: organization users get what the group is granted.",
  input: addUsersToGroupInput,
  output: groupMemberResults,
  message: "Added organization users to group successfully.",
  writes: true,
  run: (input, ctx) => addUsersToGroup(ctx.scope, input, ctx.tx),
});

const deleteUsersFromGroupV2 = defineEndpoint({
  path: "/v2/organizations/usergroups/users/delete",
  auth: "apiKey",
  summary: "Delete Users from Groups (userIds, or deleteAll: true): they lose what the group granted at once.",
  input: deleteUsersFromGroupInput,
  output: groupMemberResults,
  message: "Deleted users from group successfully.",
  writes: true,
  run: (input, ctx) => deleteUsersFromGroup(ctx.scope, input, ctx.tx),
});

export const userGroupEndpoints = [
  addUserGroupsV2,
  v1Twin(addUserGroupsV2, "/v1/organizations/usergroups/add", {
    input: addUserGroupsInput.omit({ createOrganization: true }),
  }),
  addUsersToGroupV2,
  v1Twin(addUsersToGroupV2, "/v1/organizations/usergroups/users/add"),
  deleteUsersFromGroupV2,
  v1Twin(deleteUsersFromGroupV2, "/v1/organizations/usergroups/users/delete"),
  defineEndpoint({
    path: "/v2/organizations/usergroups/get",
    auth: "apiKey",
    summary: `Get User Groups: the organization's groups (or those named, or a user's) with their grants. ${WEFT}`,
    input: getUserGroupsInput,
    message: "Organization User Groups retrieved successfully.",
    run: (input, ctx) => getUserGroups(ctx.scope, input, ctx.db),
    ...paged("groups", "nextPageToken", z.array(userGroupOutput)),
  }),
  defineEndpoint({
    path: "/v2/organizations/usergroups/delete",
    auth: "apiKey",
    summary: `Delete User Groups, with their memberships and grants. ${WEFT}`,
    input: deleteUserGroupsInput,
    output: itemResults,
    message: "Organization User Groups deleted successfully.",
    writes: true,
    run: (input, ctx) => deleteUserGroups(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/organizations/usergroups/permissions/add",
    auth: "apiKey",
    summary: `Add Group Permissions: every member gets access to the resources. ${WEFT}`,
    input: addGroupPermissionsInput,
    output: z.null(),
    message: "Permissions added successfully.",
    writes: true,
    run: (input, ctx) => addGroupPermissions(ctx.scope, input, ctx.tx),
    ...noData("Permissions added successfully."),
  }),
  defineEndpoint({
    path: "/v2/organizations/usergroups/permissions/remove",
    auth: "apiKey",
    summary: `Remove Group Permissions: members lose that access at once. ${WEFT}`,
    input: removeGroupPermissionsInput,
    output: z.null(),
    message: "Permissions removed successfully.",
    writes: true,
    run: (input, ctx) => removeGroupPermissions(ctx.scope, input, ctx.tx),
    ...noData("Permissions removed successfully."),
  }),
];
