import { itemResults } from "@/lib/domain/batch";
import { parsedJsonText } from "@/lib/domain/json-text";
import { z } from "zod";
import { addUsers, addUsersInput, addUsersV1Input } from "@/lib/domain/users/add-users";
import { deleteUsers, deleteUsersInput } from "@/lib/domain/users/delete-users";
import { getUsers, getUsersInput } from "@/lib/domain/users/get-users";
import { updateUsers, updateUsersInput, updateUsersV1Input } from "@/lib/domain/users/update-users";
import { userOutput, usersOutput, type UserView } from "@/lib/domain/users/users-contract";
import { defineEndpoint } from "../define-endpoint";
import { v1Twin } from "../v1-twin";
import { paged, V1_PAGE } from "./replies";

const PROCESSED = "User(s) processed successfully.";

const addUsersV2 = defineEndpoint({
  path: "/v2/users/add",
  auth: "apiKey",
  summary: "Add Users",
  input: addUsersInput,
  output: itemResults,
  message: PROCESSED,
  writes: true,
  run: (input, ctx) => addUsers(ctx.scope, input, ctx.tx),
});

const updateUsersV2 = defineEndpoint({
  path: "/v2/users/update",
  auth: "apiKey",
  summary: "Update Users (v2, also sets accessRole)",
  input: updateUsersInput,
  output: itemResults,
  message: PROCESSED,
  writes: true,
  run: (input, ctx) => updateUsers(ctx.scope, input, ctx.tx),
});

const deleteUsersV2 = defineEndpoint({
  path: "/v2/users/delete",
  auth: "apiKey",
  summary: "Delete Users",
  input: deleteUsersInput,
  output: itemResults,
  message: "User(s) deleted successfully.",
  writes: true,
  run: (input, ctx) => deleteUsers(ctx.scope, input, ctx.tx),
});

const getUsersV2 = defineEndpoint({
  path: "/v2/users/get",
  auth: "apiKey",
  summary: "Get Users",
  input: getUsersInput,
  message: "User(s) retrieved successfully.",
  run: (input, ctx) => getUsers(ctx.scope, input, ctx.db),
  ...paged("users", "nextPageToken", usersOutput),
});

export const userEndpoints = [
  addUsersV2,
  v1Twin(addUsersV2, "/v1/users/add", { input: addUsersV1Input }),
  updateUsersV2,
  v1Twin(updateUsersV2, "/v1/users/update", { summary: "Update Users", input: updateUsersV1Input }),
  deleteUsersV2,
  v1Twin(deleteUsersV2, "/v1/users/delete"),
  getUsersV2,
  v1Twin(getUsersV2, "/v1/users/get", {
    summary: `Get Users (v1, no paging: the first ${V1_PAGE.toLocaleString("en")}): email, name and userId of each.`,
    input: getUsersInput.pick({
      organizationId: true,
      documentId: true,
      userIds: true,
      organizationUserGroupIds: true,
    }),
    output: z.array(userOutput.pick({ email: true, name: true, userId: true })),
    reply: undefined,
    // Without allDocuments the answer is a list, never the map grouped by document.
    run: async (input, ctx) =>
      parsedJsonText((await getUsers(ctx.scope, { ...input, pageSize: V1_PAGE }, ctx.db)).users) as UserView[],
  }),
];
