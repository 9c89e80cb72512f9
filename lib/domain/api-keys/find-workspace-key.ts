import type { Reader } from "@/lib/infra/db";
import { notFound } from "../errors";

export const API_KEY_NOT_FOUND = "API key not found.";

/** The key, if it belongs to the workspace; NOT_FOUND otherwise (another workspace's key looks the same as none). */
export async function findWorkspaceKey(tx: Reader, workspaceId: string, apiKeyId: string) {
  const key = await tx.apiKey.findFirst({ where: { id: apiKeyId, workspaceId }, select: { id: true } });
  if (!key) throw notFound(API_KEY_NOT_FOUND);
  return key;
}
