import { decryptSecret } from "@/lib/infra/crypto";
import { workspaceTokenAad } from "./workspace-token";
import type { Reader } from "@/lib/infra/db";
import { notFound } from "../errors";
import { readWorkspaceView } from "./workspaces-store";

// The Workspace object of Create Workspace and Get Workspace.
export async function workspaceView(tx: Reader, workspaceId: string) {
  const ws = await readWorkspaceView(tx, workspaceId);
  if (!ws) throw notFound("Workspace not found.");
  return {
    id: ws.id,
    name: ws.name,
    owner: { email: ws.ownerEmail, id: ws.ownerId, name: ws.ownerName, avatar: ws.ownerAvatar ?? "" },
    authToken: decryptSecret(ws.authTokenEnc, workspaceTokenAad(ws.id)),
    apiKeyList: Object.fromEntries(ws.apiKeys.map(([id, name, type]) => [id, { apiKeyName: name, id, type }])),
  };
}
