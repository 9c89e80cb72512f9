import { z } from "zod";

// Generate Token's reply.

export const generatedTokenOutput = z.object({
  token: z.string().describe("HS256 JWT, valid 48 hours; see docs/tokens.md."),
});

/** Get Permission Provider Config (stored, not consulted yet: permission-provider-config.ts). */
export const permissionProviderConfigOutput = z
  .object({
    usePermissionProvider: z.boolean(),
    permissionProviderConfig: z.object({ permissionProviderUrl: z.string(), authToken: z.string() }),
  })
  .meta({ id: "PermissionProviderConfig" });
