import { z } from "zod";
import { clientIdRecord } from "../batch";

// What Get Users answers for each user.

export const userOutput = z
  .object({
    userId: z.string(),
    name: z.string().optional(),
    email: z.string().optional(),
    photoUrl: z.string().optional(),
    initial: z.string().optional(),
    color: z.string().optional(),
    textColor: z.string().optional(),
    organizationUserGroupIds: z.array(z.string()).optional(),
    accessRole: z.string().optional().describe("The role in the organization, folder or document asked about."),
  })
  .meta({ id: "User" });

export type UserView = z.infer<typeof userOutput>;

/** Get Users' `data`: a list, or (allDocuments with groupByDocumentId) lists keyed by documentId. */
export const usersOutput = z.union([
  z.array(userOutput),
  clientIdRecord(z.array(userOutput), { description: "With allDocuments and groupByDocumentId: keyed by documentId." }),
]);
