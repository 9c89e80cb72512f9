import { z } from "zod";

// Replies of the presence and live state operations.

/** Add, Update and Delete Presence and Broadcast Event answer only this. */
export const successOutput = z.object({ success: z.literal(true) });

/** weft extension: who is in a document. */
export const presenceOutput = z.array(
  z
    .object({
      userId: z.string(),
      name: z.string().optional(),
      email: z.string().optional(),
      status: z.string().optional(),
      rest: z.boolean().describe("Put there over REST (/v2/presence/add), until deleted or its TTL."),
      liveConnections: z.number().int().describe("Sockets of the user open on the document's live editors."),
    })
    .meta({ id: "PresentUser" }),
);

/** weft extension: the stored live state values of a document. */
export const liveStatesOutput = z.array(
  z
    .object({
      liveStateDataId: z.string(),
      data: z.record(z.string(), z.unknown()),
      lastUpdated: z.number().describe("Epoch milliseconds."),
    })
    .meta({ id: "LiveStateValue" }),
);
