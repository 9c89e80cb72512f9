import { itemResults } from "@/lib/domain/batch";
import { addUsers, addUsersInput } from "@/lib/domain/users/add-users";
import { deleteUsers, deleteUsersInput } from "@/lib/domain/users/delete-users";
import { getUsers, getUsersInput } from "@/lib/domain/users/get-users";
import { updateUsers, updateUsersInput, updateUsersV1Input } from "@/lib/domain/users/update-users";
import { usersOutput } from "@/lib/domain/users/users-contract";
import { defineEndpoint } from "../define-endpoint";
import { paged } from "./replies";

const PROCESSED = "User(s) processed successfully.";

export const userEndpoints = [
  defineEndpoint({
    path: "/v2/users/add",
    auth: "apiKey",
    summary: "Add Users",
    input: addUsersInput,
    output: itemResults,
    message: PROCESSED,
    writes: true,
    run: (input, ctx) => addUsers(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v1/users/update",
    auth: "apiKey",
    summary: "Update Users",
    input: updateUsersV1Input,
    output: itemResults,
    message: PROCESSED,
    writes: true,
    run: (input, ctx) => updateUsers(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/users/update",
    auth: "apiKey",
    summary: "Update Users (v2, also sets accessRole)",
    input: updateUsersInput,
    output: itemResults,
    message: PROCESSED,
    writes: true,
    run: (input, ctx) => updateUsers(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/users/delete",
    auth: "apiKey",
    summary: "Delete Users",
    input: deleteUsersInput,
    output: itemResults,
    message: "User(s) deleted successfully.",
    writes: true,
    run: (input, ctx) => deleteUsers(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/users/get",
    auth: "apiKey",
    summary: "Get Users",
    input: getUsersInput,
    message: "User(s) retrieved successfully.",
    run: (input, ctx) => getUsers(ctx.scope, input, ctx.db),
    ...paged("users", "nextPageToken", usersOutput),
  }),
];
