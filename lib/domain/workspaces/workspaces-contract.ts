import { z } from "zod";
import { credential } from "../fields";

// A workspace as Create Workspace and Get Workspace answer it.

export const workspaceOutput = z
  .object({
    id: z.string(),
    name: z.string(),
    owner: z.object({ email: z.string(), id: z.string(), name: z.string(), avatar: z.string() }),
    authToken: credential(),
    apiKeyList: z.record(z.string(), z.object({ apiKeyName: z.string(), id: z.string(), type: z.string() })),
  })
  .meta({ id: "Workspace" });

/** Get Email Verification Status: `result.message` says which (see get-email-status.ts). */
export const emailStatusOutput = z.object({ verified: z.boolean() });
