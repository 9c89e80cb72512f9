import { z } from "zod";
import { clientIdRecord } from "../batch";
import { ACCESS_TYPES } from "../fields";
import { MIGRATION_STATUSES } from "./migration-job";

// A document as Get Documents answers it, the replies of Migrate Documents and its status, and of the access
// updates.

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

/** Update Access for Documents: per documentId. */
export const documentAccessResults = clientIdRecord(
  z.object({ success: z.boolean(), accessType: z.enum(ACCESS_TYPES).optional(), message: z.string() }),
  { id: "DocumentAccessResults" },
);

/** Update Disabled State for Documents: per documentId. */
export const documentDisabledResults = clientIdRecord(
  z.object({ success: z.boolean(), disabled: z.boolean().optional(), message: z.string() }),
  { id: "DocumentDisabledResults" },
);
