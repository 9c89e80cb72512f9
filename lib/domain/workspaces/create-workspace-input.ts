import { z } from "zod";
import { email } from "../fields";

// Apart from create-workspace.ts so that the console's form can validate in the browser with this schema.
export const createWorkspaceInput = z.strictObject({
  ownerEmail: email,
  name: z.string().min(1).max(200).optional(),
  workspaceName: z.string().min(1).max(200).optional(),
  avatar: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
});
export type CreateWorkspaceInput = z.output<typeof createWorkspaceInput>;
