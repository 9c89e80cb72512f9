import { z } from "zod";
import { addUsers, addUsersInput } from "@/lib/domain/users/add-users";
import { deleteUsers, deleteUsersInput } from "@/lib/domain/users/delete-users";
import { getUsers, getUsersInput } from "@/lib/domain/users/get-users";
import { updateUsers, updateUsersInput, updateUsersV1Input } from "@/lib/domain/users/update-users";
import { defineEndpoint } from "../define-endpoint";
import { itemResults, paged } from "./replies";

const user = z.object({
  userId: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  photoUrl: z.string().optional(),
  initial: z.string().optional(),
  color: z.string().optional(),
  textColor: z.string().optional(),
  organizationUserGroupIds: z.array(z.string()).optional(),
  accessRole: z.string().optional().describe("The role in the organization, folder or document asked about."),
});

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
    ...paged(
      "users",
      "nextPageToken",
      z.union([z.array(user), z.record(z.string(), z.array(user)).describe("With allDocuments and groupByDocumentId: keyed by documentId.")]),
    ),
  }),
];
