import { z } from "zod";
import { addPermissions, addPermissionsInput } from "@/lib/domain/permissions/add-permissions";
import {
  generateToken,
  generateTokenInput,
  generateTokenV1,
  generateTokenV1Input,
} from "@/lib/domain/permissions/generate-token";
import {
  getPermissionProviderConfig,
  getPermissionProviderConfigInput,
  updatePermissionProviderConfig,
  updatePermissionProviderConfigInput,
} from "@/lib/domain/permissions/permission-provider-config";
import { generatedTokenOutput, permissionProviderConfigOutput } from "@/lib/domain/permissions/permissions-contract";
import { defineEndpoint } from "../define-endpoint";
import { v1Twin } from "../v1-twin";

const generateTokenV2 = defineEndpoint({
  path: "/v2/auth/generate_token",
  auth: "apiKey",
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
    // The reply has no `data` member.
    reply: {
      build: (_out, message) => ({ status: "success", message }),
      schema: z.object({ status: z.literal("success"), message: z.literal("Permissions added successfully.") }),
    },
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
    // The reply has no `data` member.
    reply: {
      build: (_out, message) => ({ status: "success", message }),
      schema: z.object({ status: z.literal("success"), message: z.string() }),
    },
  }),
];
