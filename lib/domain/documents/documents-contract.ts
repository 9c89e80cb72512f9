import { z } from "zod";
import { MIGRATION_STATUSES } from "./migration-job";

// A document as Get Documents answers it, and the replies of Migrate Documents and its status.

export const documentOutput = z
  .object({
    id: z.string().describe("The client's documentId."),
    documentName: z.string().optional(),
    disabled: z.boolean(),
    accessType: z.string(),
    folderId: z.string().optional(),
  })
  .meta({ id: "Document" });

export const migrationStartedOutput = z.object({ migrationId: z.string() });

export const migrationStatusOutput = z.object({
  migrationId: z.string(),
  status: z.enum(MIGRATION_STATUSES),
  reason: z.string().optional().describe("Why a failed migration failed."),
});
