"use server";

import { updateApiKeySettings, updateApiKeySettingsInput } from "@/lib/domain/administration/update-api-key-settings";
import { consoleAction } from "../action";

// What the console does with a key that the REST API does not; everything else goes through callOperation
// (lib/console/operations.ts).

/** Advanced queries and activity logs: the owner's switches too (see access.ts); no REST endpoint sets them. */
export const updateApiKeySettingsAction = consoleAction({
  access: "workspace",
  input: updateApiKeySettingsInput,
  writes: true,
  run: (input, { scope, tx }) => updateApiKeySettings(scope, input, tx),
});
