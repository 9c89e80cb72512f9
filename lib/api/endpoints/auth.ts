import { z } from "zod";
import { addPermissions, addPermissionsInput } from "@/lib/domain/permissions/add-permissions";
import { generateSignature, generateSignatureInput } from "@/lib/domain/permissions/generate-signature";
import {
  generateToken,
  generateTokenInput,
  generateTokenV1,
  generateTokenV1Input,
} from "@/lib/domain/permissions/generate-token";
import { getPermissions, getPermissionsInput } from "@/lib/domain/permissions/get-permissions";
import { removePermissions, removePermissionsInput } from "@/lib/domain/permissions/remove-permissions";
import {
  getPermissionProviderConfig,
  getPermissionProviderConfigInput,
  updatePermissionProviderConfig,
  updatePermissionProviderConfigInput,
} from "@/lib/domain/permissions/permission-provider-config";
import {
  generatedTokenOutput,
  permissionProviderConfigOutput,
  signatureOutput,
  userPermissions,
} from "@/lib/domain/permissions/permissions-contract";
import { clientIdRecord } from "@/lib/domain/batch";
import { defineEndpoint } from "../define-endpoint";
import { v1Twin } from "../v1-twin";
import { noData } from "./replies";

const generateTokenV2 = defineEndpoint({
  path: "/v2/auth/generate_token",
  auth: "apiKey",
  secret: true,
  summary: "Generate Token",
  input: generateTokenInput,
  output: generatedTokenOutput,
  message: "Token generated successfully.",
  writes: true,
  run: (input, ctx) => generateToken(ctx.scope, input, ctx.tx),
});

export const authEndpoints = [
  defineEndpoint({
    path: "/v2/auth/permissions/add",
    auth: "apiKey",
    summary: "Add Permissions",
    input: addPermissionsInput,
    output: z.null(),
    message: "Permissions added successfully.",
    writes: true,
    run: (input, ctx) => addPermissions(ctx.scope, input, ctx.tx),
    ...noData("Permissions added successfully."),
  }),
  defineEndpoint({
    path: "/v2/auth/permissions/remove",
    auth: "apiKey",
    summary:
      "Remove Permissions: takes stored grants back; live connections that lose access close at their next check.",
    input: removePermissionsInput,
    output: z.null(),
    message: "Permissions removed successfully.",
    writes: true,
    run: (input, ctx) => removePermissions(ctx.scope, input, ctx.tx),
    ...noData("Permissions removed successfully."),
  }),
  defineEndpoint({
    path: "/v2/auth/permissions/get",
    auth: "apiKey",
    summary:
      "Get Permissions: each user's effective role on the organization and the folders and documents asked (docs/tokens.md).",
    input: getPermissionsInput,
    output: clientIdRecord(userPermissions, { id: "UserPermissionsByUser" }),
    message: "User permissions retrieved successfully.",
    run: (input, ctx) => getPermissions(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/auth/generate_signature",
    auth: "apiKey",
    summary: "Generate Signature: signs Permission Provider decisions (hex HMAC-SHA256; docs/tokens.md).",
    input: generateSignatureInput,
    output: signatureOutput,
    message: "Signature generated successfully.",
    writes: true,
    run: (input, ctx) => generateSignature(ctx.scope, input, ctx.tx),
  }),
  generateTokenV2,
  v1Twin(generateTokenV2, "/v1/auth/token/get", {
    summary:
      "Generate Token (v1): apiKey and authToken in the body, no credential headers; userProperties.organizationId is granted at the default role. Valid 48 hours.",
    credentials: "body",
    input: generateTokenV1Input,
    run: (input, ctx) => generateTokenV1(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/permissionproviderconfig/get",
    auth: "apiKey",
    secret: true,
    summary:
      "Get Permission Provider Config. Stored and returned only: weft does not consult a permission provider yet.",
    input: getPermissionProviderConfigInput,
    output: permissionProviderConfigOutput,
    message: "Permission provider configuration retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getPermissionProviderConfig(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/permissionproviderconfig/update",
    auth: "apiKey",
    summary: "Update Permission Provider Config (stored; weft does not consult a provider yet: docs/tokens.md).",
    input: updatePermissionProviderConfigInput,
    output: z.null(),
    message: "Permission provider configuration updated successfully.",
    writes: true,
    run: (input, ctx) => updatePermissionProviderConfig(ctx.scope, input, ctx.tx),
    ...noData("Permission provider configuration updated successfully."),
  }),
];
