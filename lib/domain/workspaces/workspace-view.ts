import { decryptSecret } from "@/lib/infra/crypto";
import { workspaceTokenAad } from "./create-workspace";
import type { Reader } from "@/lib/infra/db";
import { notFound } from "../errors";

// The Workspace object of Create Workspace and Get Workspace.
export async function workspaceView(tx: Reader, workspaceId: string) {
  const ws = await tx.workspace.findUnique({
    where: { id: workspaceId },
    include: {
      apiKeys: { select: { id: true, name: true, type: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
    },
  });
  if (!ws) throw notFound("Workspace not found.");
  return {
    id: ws.id,
    name: ws.name,
    owner: { email: ws.ownerEmail, id: ws.ownerId, name: ws.ownerName, avatar: ws.ownerAvatar ?? "" },
    authToken: decryptSecret(ws.authTokenEnc, workspaceTokenAad(ws.id)),
    apiKeyList: Object.fromEntries(ws.apiKeys.map((k) => [k.id, { apiKeyName: k.name, id: k.id, type: k.type }])),
  };
}
