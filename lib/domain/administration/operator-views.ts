import type { Reader } from "@/lib/infra/db";

// What operator tools show of workspaces and keys: settings and identity, never credentials
// (authTokenHash/authTokenEnc, auth tokens) nor a key's service config, which holds encrypted provider keys.

export const workspaceSelect = {
  id: true,
  name: true,
  ownerEmail: true,
  plan: true,
  productionKeysEnabled: true,
  createdAt: true,
  _count: { select: { apiKeys: true } },
} as const;

type WorkspaceRow = {
  id: string;
  name: string;
  ownerEmail: string;
  plan: string;
  productionKeysEnabled: boolean;
  createdAt: Date;
  _count: { apiKeys: number };
};

export function operatorWorkspaceView(ws: WorkspaceRow) {
  return {
    id: ws.id,
    name: ws.name,
    ownerEmail: ws.ownerEmail,
    plan: ws.plan,
    productionKeysEnabled: ws.productionKeysEnabled,
    createdAt: ws.createdAt.toISOString(),
    apiKeys: ws._count.apiKeys,
  };
}
export type OperatorWorkspaceView = ReturnType<typeof operatorWorkspaceView>;

export async function findOperatorWorkspace(tx: Reader, workspaceId: string) {
  const ws = await tx.workspace.findUnique({ where: { id: workspaceId }, select: workspaceSelect });
  return ws ? operatorWorkspaceView(ws) : undefined;
}

export const apiKeySelect = {
  id: true,
  workspaceId: true,
  name: true,
  type: true,
  ownerEmail: true,
  advancedQueries: true,
  activityLogs: true,
  createdAt: true,
  updatedAt: true,
} as const;
