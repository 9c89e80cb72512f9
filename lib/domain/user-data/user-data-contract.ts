import { z } from "zod";
import { commentOutput, reactionOutput } from "../comments/comments-contract";
import { notificationOutput } from "../notifications/notifications-contract";

// Get All User Data: the user's comments, reactions and notifications, one page of each.

export const userDataOutput = z.object({
  comments: z
    .array(commentOutput.extend({ documentId: z.string(), organizationId: z.string() }))
    .describe("Comments the user wrote, is tagged in, or whose thread is assigned to them."),
  reactions: z.array(
    reactionOutput.extend({ documentId: z.string(), annotationId: z.string(), commentId: z.number() }),
  ),
  recordings: z.array(z.unknown()).describe("Always empty: weft has no recordings yet."),
  notifications: z.array(notificationOutput).describe("Notifications the user receives or caused."),
});

export const userDataPageOutput = z.object({ data: userDataOutput, nextPageToken: z.string().nullable() });

/** Delete All User Data: the erase job's id (for the status call) and how many tasks it has. */
export const erasureStartedOutput = z.object({
  jobId: z.string(),
  tasksCount: z.number().int().describe("Steps x users: each step of the erase for each user."),
});

export const erasureStatusOutput = z.object({
  isDeleteCompleted: z.boolean(),
  tasksLeft: z.number().int(),
  lastTaskCompletedTime: z.number().nullable().describe("Epoch ms of the last finished task; null before the first."),
});
