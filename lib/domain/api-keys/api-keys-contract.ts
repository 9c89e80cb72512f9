import { z } from "zod";
import { credential } from "../fields";
import { PROVIDERS } from "../ai/model-routing";
import { DOCUMENT_ACCESS_TYPES } from "./service-config";

// What the workspace-level key operations (Create API Key, Get API Keys, the auth token endpoints) and the
// key's own config endpoints answer.

const authTokenOutput = z
  .object({ token: credential(), name: z.string(), domains: z.array(z.string()) })
  .meta({ id: "AuthToken" });

export type AuthToken = z.infer<typeof authTokenOutput>;

export const createdApiKeyOutput = z.object({ apiKey: z.string() });

export const resetAuthTokenOutput = z.object({ apiKey: z.string(), newAuthToken: authTokenOutput });

export const authTokensOutput = z.object({ apiKey: z.string(), authTokens: z.array(authTokenOutput) });

/** Rotate Workspace Auth Tokens (weft extension): the new workspace token and each key's one new token. */
export const rotatedTokensOutput = z.object({
  workspaceId: z.string(),
  authToken: credential(),
  apiKeys: z.array(resetAuthTokenOutput),
});

export const apiKeySummaryOutput = z.object({ id: z.string(), apiKeyName: z.string(), type: z.string() });

const aiModelsConfigOutput = z
  .partialRecord(z.enum(PROVIDERS), z.object({ displayText: z.string() }))
  .describe("Configured AI provider keys, masked; the keys themselves are never returned.");

const settings = {
  requireJwtToken: z.boolean(),
  requireAutoOrgUser: z.boolean(),
  defaultDocumentAccessType: z.enum(DOCUMENT_ACCESS_TYPES),
};

/** Update API Key Config's `data`: the settings after the change. */
export const updatedApiKeyConfigOutput = z
  .object({ enablePrivateComments: z.boolean(), ...settings, aiModelsConfig: aiModelsConfigOutput })
  .partial();

export const apiKeyConfigOutput = z.object({
  ownerEmail: z.string(),
  planInfo: z.object({ type: z.string() }),
  isPrivateCommentsEnabled: z.boolean(),
  ...settings,
  aiModelsConfig: aiModelsConfigOutput.optional(),
});
