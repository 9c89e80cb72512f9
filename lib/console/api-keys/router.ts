import { z } from "zod";
import { deleteApiKey, deleteApiKeyInput } from "@/lib/domain/api-keys/delete-api-key";
import { getApiKeyDetails } from "@/lib/domain/api-keys/get-api-key-details";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";
import { updateApiKeySettings } from "@/lib/domain/administration/update-api-key-settings";
import { updateApiKeySettingsInput } from "@/lib/domain/administration/update-api-key-settings-input";
import { db, transaction } from "@/lib/infra/db";
import { scopedInput } from "../router/scoped-input";
import { apiKeyProcedure, operatorProcedure, router, workspaceProcedure } from "../router/trpc";

// What the console does with a key that the REST API does not: its details for the key pages, the per-key
// switches (the owner's too: access.ts) and deleting it.

export const apiKeysRouter = router({
  get: apiKeyProcedure.input(scopedInput("apiKey", z.strictObject({}))).query(async ({ ctx }) => {
    const key = await getApiKeyDetails(
      { level: "workspace", workspaceId: ctx.scope.workspaceId },
      { apiKey: ctx.scope.apiKeyId },
      db(),
    );
    return { ...key, createdAt: key.createdAt.toISOString(), updatedAt: key.updatedAt.toISOString() };
  }),

  /** Advanced queries and activity logs: the owner's switches too (see access.ts); no REST endpoint sets them. */
  updateSettings: workspaceProcedure
    .meta({ need: "manage", label: "Change API key switches" })
    .input(scopedInput("workspace", updateApiKeySettingsInput))
    .mutation(({ ctx, input }) => transaction((tx) => updateApiKeySettings(ctx.scope, input.data, tx))),

  /** The operator's form of the same switches, by key id alone (`weft apikey:update`). */
  updateAnySettings: operatorProcedure
    .meta({ label: "Change API key switches" })
    .input(scopedInput("viewer", updateApiKeySettingsInput))
    .mutation(({ input }) => transaction((tx) => updateApiKeySettings(OPERATOR_SCOPE, input.data, tx))),

  delete: workspaceProcedure
    .meta({ need: "manage", label: "Delete API key" })
    .input(scopedInput("workspace", deleteApiKeyInput))
    .mutation(({ ctx, input }) => transaction((tx) => deleteApiKey(ctx.scope, input.data, tx))),
});
