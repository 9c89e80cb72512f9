import { z } from "zod";
import { PROVIDERS } from "../ai/model-routing";
import { DOCUMENT_ACCESS_TYPES } from "./service-config";

// Update API Key Config's input, apart from the service so that the console's forms (in the browser) check
// with the same schema.

const NOTHING_TO_UPDATE = "At least one field must be provided for update";

export const updateApiKeyConfigInput = z
  .strictObject(
    {
      enablePrivateComments: z.boolean().optional(),
      requireJwtToken: z.boolean().optional(),
      requireAutoOrgUser: z.boolean().optional(),
      defaultDocumentAccessType: z.enum(DOCUMENT_ACCESS_TYPES).optional(),
      aiModelApiKey: z
        .array(z.strictObject({ provider: z.enum(PROVIDERS), customerApiKey: z.string().min(1).max(500) }))
        .min(1)
        .max(PROVIDERS.length)
        .optional(),
    },
    { error: (iss) => (iss.code === "unrecognized_keys" ? NOTHING_TO_UPDATE : undefined) },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: NOTHING_TO_UPDATE });
export type UpdateApiKeyConfigInput = z.output<typeof updateApiKeyConfigInput>;
