import { z } from "zod";

// The operator's workspace settings: here, without server imports, so the console's form checks with it.
export const PLANS = ["free", "paid"] as const;

export const updateWorkspaceSettingsInput = z
  .strictObject({
    workspaceId: z.string().min(1).max(200),
    plan: z.enum(PLANS).optional(),
    productionKeysEnabled: z.boolean().optional(),
  })
  .refine((v) => v.plan !== undefined || v.productionKeysEnabled !== undefined, {
    message: "Give at least one setting to change (plan, productionKeysEnabled).",
  });
