import { z } from "zod";
import { clientIdRecord } from "../batch";
import { ACCESS_ROLES, ACCESS_TYPES, credential } from "../fields";

// Replies of the permission operations.

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

/** One resource in Get Permissions: the role and access type, or why there is none. */
export const permissionEntry = z
  .object({
    accessRole: z.enum(ACCESS_ROLES).optional(),
    accessType: z.enum(ACCESS_TYPES).optional(),
    expiresAt: z.number().optional().describe("Unix seconds, when the access comes from grants that expire."),
    error: z.string().optional(),
    errorCode: z.enum(["does_not_exist", "permission_denied", "something_went_wrong"]).optional(),
  })
  .meta({ id: "PermissionEntry" });
export type PermissionEntry = z.infer<typeof permissionEntry>;

/** Get Permissions' answer for one user. */
export const userPermissions = z.object({
  organization: clientIdRecord(permissionEntry),
  folders: clientIdRecord(permissionEntry).optional(),
  documents: clientIdRecord(permissionEntry).optional(),
});
export type UserPermissions = z.infer<typeof userPermissions>;

/** Generate Signature's reply. */
export const signatureOutput = z.object({ signature: z.string().describe("Hex HMAC-SHA256; see docs/tokens.md.") });
