import type { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { notFound } from "../errors";
import { apiKeySelect } from "../administration/operator-views";
import type { WorkspaceScope } from "../scope";
import { API_KEY_NOT_FOUND } from "./find-workspace-key";
import type { apiKeyRefInput } from "./reset-auth-token";

/** A key of the workspace with its settings and regions; never its tokens or service config. */
export async function getApiKeyDetails(scope: WorkspaceScope, input: z.output<typeof apiKeyRefInput>, tx: Reader) {
  const key = await tx.apiKey.findFirst({
    where: { id: input.apiKey, workspaceId: scope.workspaceId },
    select: { ...apiKeySelect, persistenceDBRegion: true, realtimeDBRegion: true },
  });
  if (!key) throw notFound(API_KEY_NOT_FOUND);
  return key;
}
