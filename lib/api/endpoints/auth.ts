import { z } from "zod";
import { addPermissions, addPermissionsInput } from "@/lib/domain/permissions/add-permissions";
import { generateToken, generateTokenInput } from "@/lib/domain/permissions/generate-token";
import { generatedTokenOutput } from "@/lib/domain/permissions/permissions-contract";
import { defineEndpoint } from "../define-endpoint";

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
  defineEndpoint({
    path: "/v2/auth/generate_token",
    auth: "apiKey",
    summary: "Generate Token",
    input: generateTokenInput,
    output: generatedTokenOutput,
    message: "Token generated successfully.",
    writes: true,
    run: (input, ctx) => generateToken(ctx.scope, input, ctx.tx),
  }),
];
