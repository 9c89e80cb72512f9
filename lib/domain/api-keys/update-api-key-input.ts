import { z } from "zod";

// Update API Key's input: here, without server imports, so the console's form checks with it in the browser.
export const updateApiKeyInput = z.strictObject({
  apiKey: z.string().min(1).max(200),
  apiKeyName: z.string().min(1).max(200),
});
