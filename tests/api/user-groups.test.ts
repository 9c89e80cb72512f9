import { describe, expect, it } from "vitest";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";

// User groups as entities: the hosted API's three endpoints from their reference examples, weft's extensions
// (read, delete, group permissions), and what membership does to Get Users and to access.

useTestDatabase();

async function organizationWithUsers() {
  const api = asKey(await newWorkspace());
  await api("/v2/users/add", {
    organizationId: "yourOrganizationId",
    users: ["yourUserId1", "yourUserId2", "yourUserId3"].map((userId) => ({ userId, name: userId })),
  });
  return api;
}

const userIdsOf = async (api: ReturnType<typeof asKey>, groupIds: string[]) =>
  (
    await api("/v2/users/get", { organizationId: "yourOrganizationId", organizationUserGroupIds: groupIds })
  ).body.result.data
    .map((u: { userId: string }) => u.userId)
    .sort();

describe("Add User Groups", () => {
  it("creates groups as the reference example shows, and renames one added again", async () => {
    const api = await organizationWithUsers();
    const res = await api("/v2/organizations/usergroups/add", {
      organizationId: "yourOrganizationId",
      organizationUserGroups: [{ groupId: "engineering", groupName: "Engineering" }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Organization User Groups added successfully.",
        data: {
          engineering: {
            success: true,
            id: expect.stringMatching(/^grp_[0-9a-f]{32}$/),
            message: "Organization user group added.",
          },
        },
      },
    });
    await api("/v2/organizations/usergroups/add", {
      organizationId: "yourOrganizationId",
      organizationUserGroups: [{ groupId: "engineering", groupName: "Platform" }],
    });
    const groups = await api("/v2/organizations/usergroups/get", { organizationId: "yourOrganizationId" });
    expect(groups.body).toEqual({
      result: {
        status: "success",
        message: "Organization User Groups retrieved successfully.",
        data: [{ groupId: "engineering", groupName: "Platform", permissions: [] }],
      },
    });
    const noOrg = await api("/v2/organizations/usergroups/add", {
      organizationId: "elsewhere",
      organizationUserGroups: [{ groupId: "g", groupName: "G" }],
    });
    expect(noOrg.status).toBe(404);
    expect(noOrg.body.error.message).toBe("Organization does not exist. Pass createOrganization: true to create it.");
    const bad = await api("/v2/organizations/usergroups/add", {
      organizationId: "yourOrganizationId",
      organizationUserGroups: [{ groupId: "g" }],
    });
    expect(bad.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "organizationUserGroups[0].groupName is required.",
    });
  });
});

describe("Add Users to Groups and Delete Users from Groups", () => {
  it("adds organization users, refuses strangers per item, and Get Users filters by the membership", async () => {
    const api = await organizationWithUsers();
    await api("/v2/organizations/usergroups/add", {
      organizationId: "yourOrganizationId",
      organizationUserGroups: [{ groupId: "yourGroupId", groupName: "Group" }],
    });
    const res = await api("/v2/organizations/usergroups/users/add", {
      organizationId: "yourOrganizationId",
      organizationUserGroupId: "yourGroupId",
      userIds: ["yourUserId1", "yourUserId2", "stranger"],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: "success",
        message: "Added organization users to group successfully.",
        data: {
          yourUserId1: {
            success: true,
            organizationUserGroupId: "yourGroupId",
            message: "User added to organization user group.",
          },
          yourUserId2: {
            success: true,
            organizationUserGroupId: "yourGroupId",
            message: "User added to organization user group.",
          },
          stranger: { success: false, organizationUserGroupId: "yourGroupId", message: "User does not exist." },
        },
      },
    });
    expect(await userIdsOf(api, ["yourGroupId"])).toEqual(["yourUserId1", "yourUserId2"]);
    const mine = await api("/v2/organizations/usergroups/get", {
      organizationId: "yourOrganizationId",
      userId: "yourUserId1",
    });
    expect(mine.body.result.data.map((g: { groupId: string }) => g.groupId)).toEqual(["yourGroupId"]);

    const removed = await api("/v2/organizations/usergroups/users/delete", {
      organizationId: "yourOrganizationId",
      organizationUserGroupId: "yourGroupId",
      userIds: ["yourUserId1", "yourUserId3"],
    });
    expect(removed.body).toEqual({
      result: {
        status: "success",
        message: "Deleted users from group successfully.",
        data: {
          yourUserId1: {
            success: true,
            organizationUserGroupId: "yourGroupId",
            message: "User deleted from organization user group.",
          },
          yourUserId3: {
            success: false,
            organizationUserGroupId: "yourGroupId",
            message: "User is not in this organization user group.",
          },
        },
      },
    });
    expect(await userIdsOf(api, ["yourGroupId"])).toEqual(["yourUserId2"]);
    const all = await api("/v2/organizations/usergroups/users/delete", {
      organizationId: "yourOrganizationId",
      organizationUserGroupId: "yourGroupId",
      deleteAll: true,
    });
    expect(all.body.result.data).toEqual({
      yourUserId2: {
        success: true,
        organizationUserGroupId: "yourGroupId",
        message: "User deleted from organization user group.",
      },
    });
    expect(await userIdsOf(api, ["yourGroupId"])).toEqual([]);
  });

  it("refuses an unknown group and a body with neither userIds nor deleteAll", async () => {
    const api = await organizationWithUsers();
    const unknown = await api("/v2/organizations/usergroups/users/add", {
      organizationId: "yourOrganizationId",
      organizationUserGroupId: "nope",
      userIds: ["yourUserId1"],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ status: "NOT_FOUND", message: "Organization user group does not exist." });
    const neither = await api("/v2/organizations/usergroups/users/delete", {
      organizationId: "yourOrganizationId",
      organizationUserGroupId: "nope",
    });
    expect(neither.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "userIds is required unless deleteAll is true.",
    });
  });

  it("Add Users' organizationUserGroupIds sets a user's groups, making missing groups without a name", async () => {
    const api = await organizationWithUsers();
    await api("/v2/users/add", {
      organizationId: "yourOrganizationId",
      users: [{ userId: "yourUserId1", organizationUserGroupIds: ["eng", "ops"] }],
    });
    expect(await userIdsOf(api, ["ops"])).toEqual(["yourUserId1"]);
    const user = await api("/v2/users/get", { organizationId: "yourOrganizationId", userIds: ["yourUserId1"] });
    expect(user.body.result.data[0].organizationUserGroupIds).toEqual(["eng", "ops"]);
    await api("/v2/users/add", {
      organizationId: "yourOrganizationId",
      users: [{ userId: "yourUserId1", organizationUserGroupIds: ["eng"] }],
    });
    expect(await userIdsOf(api, ["ops"])).toEqual([]);
    const groups = await api("/v2/organizations/usergroups/get", { organizationId: "yourOrganizationId" });
    expect(groups.body.result.data).toEqual(
      expect.arrayContaining([
        { groupId: "eng", permissions: [] },
        { groupId: "ops", permissions: [] },
      ]),
    );
  });
});

describe("group permissions and Delete User Groups (weft extensions)", () => {
  it("members get what the group is granted, and lose it with the grant, the membership or the group", async () => {
    const api = await organizationWithUsers();
    await api("/v2/organizations/documents/add", {
      organizationId: "yourOrganizationId",
      documents: [{ documentId: "secret", accessType: "restricted" }],
    });
    await api("/v2/organizations/usergroups/add", {
      organizationId: "yourOrganizationId",
      organizationUserGroups: [{ groupId: "reviewers", groupName: "Reviewers" }],
    });
    await api("/v2/organizations/usergroups/users/add", {
      organizationId: "yourOrganizationId",
      organizationUserGroupId: "reviewers",
      userIds: ["yourUserId1", "yourUserId2"],
    });
    const role = async (userId: string) => {
      const res = await api("/v2/auth/permissions/get", {
        organizationId: "yourOrganizationId",
        userIds: [userId],
        documentIds: ["secret"],
      });
      return res.body.result.data[userId].documents.secret.accessRole ?? null;
    };
    expect(await role("yourUserId1")).toBeNull();
    const granted = await api("/v2/organizations/usergroups/permissions/add", {
      organizationId: "yourOrganizationId",
      organizationUserGroupId: "reviewers",
      permissions: { resources: [{ type: "document", id: "secret", accessRole: "viewer" }] },
    });
    expect(granted.body).toEqual({ result: { status: "success", message: "Permissions added successfully." } });
    expect(await role("yourUserId1")).toBe("viewer");
    const groups = await api("/v2/organizations/usergroups/get", {
      organizationId: "yourOrganizationId",
      organizationUserGroupIds: ["reviewers"],
    });
    expect(groups.body.result.data).toEqual([
      {
        groupId: "reviewers",
        groupName: "Reviewers",
        permissions: [{ type: "document", id: "secret", accessRole: "viewer" }],
      },
    ]);
    await api("/v2/organizations/usergroups/users/delete", {
      organizationId: "yourOrganizationId",
      organizationUserGroupId: "reviewers",
      userIds: ["yourUserId1"],
    });
    expect(await role("yourUserId1")).toBeNull();
    expect(await role("yourUserId2")).toBe("viewer");
    const taken = await api("/v2/organizations/usergroups/permissions/remove", {
      organizationId: "yourOrganizationId",
      organizationUserGroupId: "reviewers",
      permissions: { resources: [{ type: "document", id: "secret" }] },
    });
    expect(taken.body).toEqual({ result: { status: "success", message: "Permissions removed successfully." } });
    expect(await role("yourUserId2")).toBeNull();
    await api("/v2/organizations/usergroups/permissions/add", {
      organizationId: "yourOrganizationId",
      organizationUserGroupId: "reviewers",
      permissions: { resources: [{ type: "document", id: "secret" }] },
    });
    expect(await role("yourUserId2")).toBe("editor");
    const deleted = await api("/v2/organizations/usergroups/delete", {
      organizationId: "yourOrganizationId",
      organizationUserGroupIds: ["reviewers", "nope"],
    });
    expect(deleted.body).toEqual({
      result: {
        status: "success",
        message: "Organization User Groups deleted successfully.",
        data: {
          reviewers: { success: true, id: expect.stringMatching(/^grp_/), message: "Organization user group deleted." },
          nope: {
            success: false,
            id: expect.stringMatching(/^grp_/),
            message: "Organization user group does not exist.",
          },
        },
      },
    });
    expect(await role("yourUserId2")).toBeNull();
    const wrongOrg = await api("/v2/organizations/usergroups/permissions/add", {
      organizationId: "yourOrganizationId",
      organizationUserGroupId: "reviewers",
      permissions: { resources: [{ type: "organization", id: "other" }] },
    });
    expect(wrongOrg.body.error).toEqual({
      status: "INVALID_ARGUMENT",
      message: "permissions.resources[0].id must be the group's organizationId.",
    });
  });
});
