import { z } from "zod";
import { getUserData, getUserDataInput } from "@/lib/domain/user-data/get-user-data";
import {
  deleteUserData,
  deleteUserDataInput,
  erasureStatusInput,
  getErasureStatus,
} from "@/lib/domain/user-data/erase-user-data";
import {
  erasureStartedOutput,
  erasureStatusOutput,
  userDataOutput,
  userDataPageOutput,
} from "@/lib/domain/user-data/user-data-contract";
import { defineEndpoint } from "../define-endpoint";
import { v1Twin } from "../v1-twin";

const output = userDataPageOutput;

const getUserDataV2 = defineEndpoint({
  path: "/v2/users/data/get",
  auth: "apiKey",
  summary:
    "Get All User Data: the user's comments (created or involved in), reactions, notifications and recordings, up to 100 of each per page; pass nextPageToken back unchanged until it is null.",
  input: getUserDataInput,
  output,
  message: "Data fetched successfully.",
  run: (input, ctx) => getUserData(ctx.scope, input, ctx.db),
  reply: {
    build: (out: z.output<typeof output>, message: string) => ({
      status: "success",
      message,
      data: out.data,
      nextPageToken: out.nextPageToken,
    }),
    schema: z.object({
      status: z.literal("success"),
      message: z.string(),
      data: userDataOutput,
      nextPageToken: z.string().nullable().describe("null when there is nothing more."),
    }),
  },
});

const ERASE_STARTED = "Data deletion process has been initiated.";

const deleteUserDataV2 = defineEndpoint({
  path: "/v2/users/data/delete",
  auth: "apiKey",
  summary:
    "Delete All User Data (GDPR erase): starts a background job that erases everything stored under the users' ids (comments and annotations they wrote, reactions, notifications, activity, memberships and profiles, preferences, read marks, records of events that carry their data); poll /v2/users/data/delete/status with jobId. The reply is not wrapped in result (HTTP 202).",
  input: deleteUserDataInput,
  output: erasureStartedOutput,
  message: ERASE_STARTED,
  writes: true,
  run: (input, ctx) => deleteUserData(ctx.scope, input, ctx.tx),
  reply: {
    build: (data, message) => ({ status: "success", message, data, statusCode: 202 }),
    schema: z.object({
      status: z.literal("success"),
      message: z.literal(ERASE_STARTED),
      data: erasureStartedOutput,
      statusCode: z.literal(202),
    }),
    unwrapped: { httpStatus: 202 },
  },
});

const erasureStatusV2 = defineEndpoint({
  path: "/v2/users/data/delete/status",
  auth: "apiKey",
  summary: "Get Delete All User Data Status: whether the erase finished, how many tasks are left, when the last ended.",
  input: erasureStatusInput,
  output: erasureStatusOutput,
  message: "Data fetched successfully.",
  run: (input, ctx) => getErasureStatus(ctx.scope, input, ctx.db),
});

export const userDataEndpoints = [
  getUserDataV2,
  v1Twin(getUserDataV2, "/v1/users/data/get"),
  deleteUserDataV2,
  v1Twin(deleteUserDataV2, "/v1/users/data/delete"),
  erasureStatusV2,
  v1Twin(erasureStatusV2, "/v1/users/data/delete/status"),
];
