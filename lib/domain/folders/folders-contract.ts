import { z } from "zod";
import { clientIdRecord } from "../batch";
import { ACCESS_TYPES } from "../fields";

// What Get Folders answers for each folder (recursive: a folder asked for by id carries its subfolders), and
// what Update Access for Folders answers.

export const folderOutput = z
  .object({
    folderId: z.string(),
    folderName: z.string().optional(),
    organizationId: z.string(),
    parentFolderId: z.string().describe('"root" at the top level.'),
    apiKey: z.string(),
    createdAt: z.number().describe("Epoch milliseconds."),
    lastUpdated: z.number().describe("Epoch milliseconds."),
    ancestors: z.array(z.string()).describe('From "root" down to the parent.'),
    accessType: z.string(),
    inheritAccessFromParent: z.boolean(),
    get subFolders() {
      return z.array(folderOutput).optional();
    },
  })
  .meta({ id: "Folder" });

export type FolderRecord = z.infer<typeof folderOutput>;

/** Update Access for Folders: per folderId. */
export const folderAccessResults = clientIdRecord(
  z.object({
    success: z.boolean(),
    accessType: z.enum(ACCESS_TYPES).nullable().optional().describe("null when the folder inherits."),
    inheritFromParent: z.literal(true).optional(),
    message: z.string(),
  }),
  { id: "FolderAccessResults" },
);
