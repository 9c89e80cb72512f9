"use server";

import { deleteApiKey, deleteApiKeyInput } from "@/lib/domain/api-keys/delete-api-key";
import { deleteWorkspace, deleteWorkspaceInput } from "@/lib/domain/workspaces/delete-workspace";
import { consoleAction } from "../action";

// Deleting keys and workspaces: the REST API has no such operations. Both are confirmed by typing the name.

export const deleteApiKeyAction = consoleAction({
  access: "workspace",
  input: deleteApiKeyInput,
  writes: true,
  run: (input, { scope, tx }) => deleteApiKey(scope, input, tx),
});

export const deleteWorkspaceAction = consoleAction({
  access: "workspace",
  input: deleteWorkspaceInput,
  writes: true,
  run: (input, { scope, tx }) => deleteWorkspace(scope, input, tx),
});
