import { z } from "zod";
import { getUserData, getUserDataInput } from "@/lib/domain/user-data/get-user-data";
import { defineEndpoint } from "../define-endpoint";
import { commentOutput } from "./comments";
import { notificationOutput } from "./notifications";

const userData = z.object({
  comments: z.array(commentOutput.extend({ documentId: z.string(), organizationId: z.string() })).describe("Comments the user wrote, is tagged in, or whose thread is assigned to them."),
  reactions: z.array(z.object({ icon: z.string(), from: z.object({ userId: z.string() }).loose(), createdAt: z.number(), documentId: z.string(), annotationId: z.string(), commentId: z.number() })),
  recordings: z.array(z.unknown()).describe("Always empty: weft has no recordings yet."),
  notifications: z.array(notificationOutput).describe("Notifications the user receives or caused."),
});

const output = z.object({ data: userData, nextPageToken: z.string().nullable() });

export const userDataEndpoints = [
  defineEndpoint({
    path: "/v2/users/data/get",
    auth: "apiKey",
    summary:
      "Get All User Data: the user's comments (created or involved in), reactions, notifications and recordings, up to 100 of each per page; pass nextPageToken back unchanged until it is null.",
    input: getUserDataInput,
    output,
    message: "Data fetched successfully.",
    run: (input, ctx) => getUserData(ctx.scope, input, ctx.db),
    reply: {
      build: (out: z.output<typeof output>, message: string) => ({ status: "success", message, data: out.data, nextPageToken: out.nextPageToken }),
      schema: z.object({ status: z.literal("success"), message: z.string(), data: userData, nextPageToken: z.string().nullable().describe("null when there is nothing more.") }),
    },
  }),
];
