import { z } from "zod";
import { getUserData, getUserDataInput } from "@/lib/domain/user-data/get-user-data";
import { userDataOutput, userDataPageOutput } from "@/lib/domain/user-data/user-data-contract";
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

export const userDataEndpoints = [getUserDataV2, v1Twin(getUserDataV2, "/v1/users/data/get")];
