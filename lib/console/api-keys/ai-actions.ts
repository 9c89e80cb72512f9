"use server";

import { getApiKeyConfig, getApiKeyConfigInput } from "@/lib/domain/api-keys/get-api-key-config";
import { updateApiKeyConfig } from "@/lib/domain/api-keys/update-api-key-config";
import { updateApiKeyConfigInput } from "@/lib/domain/api-keys/update-api-key-config-input";
import { consoleAction } from "../action";

// A key's AI provider keys through Get / Update API Key Config: stored encrypted, only ever shown masked.

export const getAiProviderKeysAction = consoleAction({
  access: "apiKey",
  input: getApiKeyConfigInput,
  run: async (input, { scope, db }) => (await getApiKeyConfig(scope, input, db)).aiModelsConfig ?? {},
});

export const saveAiProviderKeysAction = consoleAction({
  access: "apiKey",
  input: updateApiKeyConfigInput,
  writes: true,
  run: (input, { scope, tx }) => updateApiKeyConfig(scope, input, tx),
});
