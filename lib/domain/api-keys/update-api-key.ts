import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { notFound } from "../errors";
import type { WorkspaceScope } from "../scope";
import { API_KEY_NOT_FOUND } from "./find-workspace-key";
import type { updateApiKeyInput } from "./update-api-key-input";

export async function updateApiKey(scope: WorkspaceScope, input: z.output<typeof updateApiKeyInput>, tx: Tx) {
  const { count } = await tx.apiKey.updateMany({
    where: { id: input.apiKey, workspaceId: scope.workspaceId },
    data: { name: input.apiKeyName },
  });
  if (count === 0) throw notFound(API_KEY_NOT_FOUND);
  return null;
}
