import { z } from "zod";
import { credential } from "../fields";

// Generate Token's reply.

export const generatedTokenOutput = z.object({
  token: credential().describe("HS256 JWT, valid 48 hours; see docs/tokens.md."),
});

/** Get Permission Provider Config (stored, not consulted yet: permission-provider-config.ts). */
export const permissionProviderConfigOutput = z
  .object({
    usePermissionProvider: z.boolean(),
    permissionProviderConfig: z.object({ permissionProviderUrl: z.string(), authToken: credential() }),
  })
  .meta({ id: "PermissionProviderConfig" });
