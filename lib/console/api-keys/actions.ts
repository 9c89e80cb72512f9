"use server";

import { createApiKey } from "@/lib/domain/api-keys/create-api-key";
import { createApiKeyInput } from "@/lib/domain/api-keys/create-api-key-input";
import { getApiKeys, getApiKeysInput } from "@/lib/domain/api-keys/get-api-keys";
import { getAuthTokens } from "@/lib/domain/api-keys/get-auth-tokens";
import { apiKeyRefInput, resetAuthToken } from "@/lib/domain/api-keys/reset-auth-token";
import { updateApiKey, updateApiKeyInput } from "@/lib/domain/api-keys/update-api-key";
import { addDomains, deleteDomains, getDomains, getDomainsInput } from "@/lib/domain/domains/domain-changes";
import { domainsInput } from "@/lib/domain/domains/domains-input";
import { updateApiKeySettings, updateApiKeySettingsInput } from "@/lib/domain/operator/update-api-key-settings";
import { consoleAction } from "../action";

// Key operations take the REST input (which names the key as `apiKey`) in a workspace the viewer may see;
// allowed domains are per key, like the REST endpoints that authenticate with the key itself.

export const listApiKeysAction = consoleAction({
  access: "workspace",
  input: getApiKeysInput,
  run: (input, { scope, db }) => getApiKeys(scope, input, db),
});

export const createApiKeyAction = consoleAction({
  access: "workspace",
  input: createApiKeyInput,
  writes: true,
  run: (input, { scope, tx }) => createApiKey(scope, input, tx),
});

export const renameApiKeyAction = consoleAction({
  access: "workspace",
  input: updateApiKeyInput,
  writes: true,
  run: (input, { scope, tx }) => updateApiKey(scope, input, tx),
});

/** Advanced queries and activity logs: the owner's switches too (see access.ts). */
export const updateApiKeySettingsAction = consoleAction({
  access: "workspace",
  input: updateApiKeySettingsInput,
  writes: true,
  run: (input, { scope, tx }) => updateApiKeySettings(scope, input, tx),
});

export const revealAuthTokensAction = consoleAction({
  access: "workspace",
  input: apiKeyRefInput,
  run: (input, { scope, db }) => getAuthTokens(scope, input, db),
});

export const resetAuthTokenAction = consoleAction({
  access: "workspace",
  input: apiKeyRefInput,
  writes: true,
  run: (input, { scope, tx }) => resetAuthToken(scope, input, tx),
});

export const getAllowedDomainsAction = consoleAction({
  access: "apiKey",
  input: getDomainsInput,
  run: (input, { scope, db }) => getDomains(scope, input, db),
});

export const addAllowedDomainsAction = consoleAction({
  access: "apiKey",
  input: domainsInput,
  writes: true,
  run: (input, { scope, tx }) => addDomains(scope, input, tx),
});

export const removeAllowedDomainsAction = consoleAction({
  access: "apiKey",
  input: domainsInput,
  writes: true,
  run: (input, { scope, tx }) => deleteDomains(scope, input, tx),
});
