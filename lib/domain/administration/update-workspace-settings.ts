import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { notFound } from "../errors";
import { findOperatorWorkspace, type OperatorWorkspaceView } from "./operator-views";
import type { updateWorkspaceSettingsInput } from "./update-workspace-settings-input";
import type { OperatorScope } from "../scope";

export type UpdateWorkspaceSettingsInput = z.output<typeof updateWorkspaceSettingsInput>;

/** Sets a workspace's plan and/or its self-serve production keys flag; returns the workspace as it now is. */
export async function updateWorkspaceSettings(
  _scope: OperatorScope,
  input: UpdateWorkspaceSettingsInput,
  tx: Tx,
): Promise<OperatorWorkspaceView> {
  const { count } = await tx.workspace.updateMany({
    where: { id: input.workspaceId },
    data: { plan: input.plan, productionKeysEnabled: input.productionKeysEnabled },
  });
  const ws = count ? await findOperatorWorkspace(tx, input.workspaceId) : undefined;
  if (!ws) throw notFound(`Workspace ${input.workspaceId} not found.`);
  return ws;
}
