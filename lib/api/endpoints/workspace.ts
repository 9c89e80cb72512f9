import { z } from "zod";
import {
  apiKeySummaryOutput,
  authTokensOutput,
  createdApiKeyOutput,
  resetAuthTokenOutput,
  rotatedTokensOutput,
} from "@/lib/domain/api-keys/api-keys-contract";
import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { createApiKeyInput } from "@/lib/domain/api-keys/create-api-key-input";
import { getApiKeys, getApiKeysInput } from "@/lib/domain/api-keys/get-api-keys";
import { getAuthTokens } from "@/lib/domain/api-keys/get-auth-tokens";
import { apiKeyRefInput, resetAuthToken } from "@/lib/domain/api-keys/reset-auth-token";
import { updateApiKey } from "@/lib/domain/api-keys/update-api-key";
import { updateApiKeyInput } from "@/lib/domain/api-keys/update-api-key-input";
import {
  loginLinkRateLimit,
  mailLoginLink,
  sendLoginLink,
  sendLoginLinkInput,
} from "@/lib/domain/login/send-login-link";
import { createWorkspace, createWorkspaceRateLimit } from "@/lib/domain/workspaces/create-workspace";
import { createWorkspaceInput } from "@/lib/domain/workspaces/create-workspace-input";
import {
  EMAIL_NOT_VERIFIED,
  EMAIL_VERIFIED,
  emailStatusRateLimit,
  getEmailStatus,
  getEmailStatusInput,
} from "@/lib/domain/workspaces/get-email-status";
import { getWorkspace, getWorkspaceInput } from "@/lib/domain/workspaces/get-workspace";
import { rotateWorkspaceTokens, rotateWorkspaceTokensInput } from "@/lib/domain/workspaces/rotate-workspace-tokens";
import { emailStatusOutput, workspaceOutput } from "@/lib/domain/workspaces/workspaces-contract";
import { defineEndpoint } from "../define-endpoint";
import { paged } from "./replies";

export const workspaceEndpoints = [
  defineEndpoint({
    path: "/v2/workspace/create",
    auth: "public",
    summary: "Create Workspace",
    input: createWorkspaceInput,
    output: workspaceOutput,
    message: "Workspace created successfully",
    rateLimit: createWorkspaceRateLimit,
    writes: true,
    run: (input, ctx) => createWorkspace(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/get",
    auth: "workspace",
    secret: true,
    summary: "Get Workspace",
    input: getWorkspaceInput,
    output: workspaceOutput,
    message: "Workspace retrieved successfully",
    dataOptional: true,
    run: (input, ctx) => getWorkspace(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/apikey/create",
    auth: "workspace",
    summary: "Create API Key",
    input: createApiKeyInput,
    output: createdApiKeyOutput,
    message: "API key created successfully.",
    writes: true,
    run: (input, ctx) => createApiKey(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/authtoken/reset",
    auth: "workspace",
    secret: true,
    summary: "Reset Auth Token",
    input: apiKeyRefInput,
    output: resetAuthTokenOutput,
    message: "Auth token reset successfully.",
    writes: true,
    run: (input, ctx) => resetAuthToken(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/authtokens/rotate",
    auth: "workspace",
    secret: true,
    summary:
      "Rotate Workspace Auth Tokens (weft extension): new workspace and key auth tokens; the old ones are refused at once.",
    input: rotateWorkspaceTokensInput,
    output: rotatedTokensOutput,
    message: "Auth tokens rotated successfully.",
    dataOptional: true,
    writes: true,
    run: (input, ctx) => rotateWorkspaceTokens(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/authtokens/get",
    auth: "workspace",
    secret: true,
    summary: "Get Auth Tokens",
    input: apiKeyRefInput,
    output: authTokensOutput,
    message: "Auth tokens retrieved successfully.",
    run: (input, ctx) => getAuthTokens(ctx.scope, input, ctx.db),
  }),
  defineEndpoint({
    path: "/v2/workspace/apikeys/get",
    auth: "workspace",
    summary: "Get API Keys",
    input: getApiKeysInput,
    message: "API keys retrieved successfully.",
    dataOptional: true,
    run: (input, ctx) => getApiKeys(ctx.scope, input, ctx.db),
    ...paged("keys", "nextPageToken", z.array(apiKeySummaryOutput)),
  }),
  defineEndpoint({
    path: "/v2/workspace/apikey/update",
    auth: "workspace",
    summary: "Update API Key",
    input: updateApiKeyInput,
    output: z.null(),
    message: "API key updated successfully.",
    writes: true,
    run: (input, ctx) => updateApiKey(ctx.scope, input, ctx.tx),
  }),
  defineEndpoint({
    path: "/v2/workspace/email/send-login-link",
    auth: "public",
    summary: "Send Login Link",
    input: sendLoginLinkInput,
    output: z.null(),
    message: "Login link sent successfully",
    rateLimit: loginLinkRateLimit,
    writes: true,
    run: (input, ctx) => sendLoginLink(ctx.scope, input, ctx.tx),
    afterCommit: mailLoginLink,
  }),
  defineEndpoint({
    path: "/v2/workspace/email/status",
    auth: "public",
    summary: "Get Email Verification Status (docs/email.md).",
    input: getEmailStatusInput,
    output: emailStatusOutput,
    message: EMAIL_NOT_VERIFIED,
    rateLimit: emailStatusRateLimit,
    run: (input, ctx) => getEmailStatus(ctx.scope, input, ctx.db),
    // The message says which.
    reply: {
      build: (out, _message) => ({
        status: "success",
        message: out.verified ? EMAIL_VERIFIED : EMAIL_NOT_VERIFIED,
        data: out,
      }),
      schema: z.object({
        status: z.literal("success"),
        message: z.enum([EMAIL_VERIFIED, EMAIL_NOT_VERIFIED]),
        data: emailStatusOutput,
      }),
    },
  }),
];
