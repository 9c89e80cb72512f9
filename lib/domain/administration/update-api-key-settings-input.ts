import { z } from "zod";

// An API key's switches (advanced queries, activity logs): here, without server imports, so the console's form
// checks with it.
export const updateApiKeySettingsInput = z
  .strictObject({
    apiKey: z.string().min(1).max(200),
    advancedQueries: z.boolean().optional(),
    activityLogs: z.boolean().optional(),
  })
  .refine((v) => v.advancedQueries !== undefined || v.activityLogs !== undefined, {
    message: "Give at least one setting to change (advancedQueries, activityLogs).",
  });
