import { z } from "zod";
import type { Tx } from "@/lib/infra/db";
import { notFound } from "../errors";
import { findOperatorWorkspace, type OperatorWorkspaceView } from "./operator-views";
import type { OperatorScope } from "../scope";

export const PLANS = ["free", "paid"] as const;

export const updateWorkspaceSettingsInput = z
  .strictObject({
    workspaceId: z.string().min(1).max(200),
    plan: z.enum(PLANS).optional(),
    productionKeysEnabled: z.boolean().optional(),
  })
  .refine((v) => v.plan !== undefined || v.productionKeysEnabled !== undefined, {
    message: "Give at least one setting to change (plan, productionKeysEnabled).",
  });
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
