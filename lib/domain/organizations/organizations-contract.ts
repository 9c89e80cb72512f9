import { z } from "zod";

// An organization as Get Organizations answers it.

export const organizationOutput = z
  .object({ id: z.string(), organizationName: z.string().optional(), disabled: z.boolean() })
  .meta({ id: "Organization" });
