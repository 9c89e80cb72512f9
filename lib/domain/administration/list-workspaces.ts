import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import { email, normalizeEmail } from "../fields";
import { operatorWorkspaceView, workspaceSelect } from "./operator-views";
import type { OperatorScope } from "../scope";

export const listWorkspacesInput = z.strictObject({
  ownerEmail: email.optional(),
});
export type ListWorkspacesInput = z.output<typeof listWorkspacesInput>;

/** Every workspace (or one owner's), oldest first. */
export async function listWorkspaces(_scope: OperatorScope, input: ListWorkspacesInput, db: Reader) {
  const rows = await db.workspace.findMany({
    where: input.ownerEmail ? { ownerEmail: normalizeEmail(input.ownerEmail) } : undefined,
    select: workspaceSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(operatorWorkspaceView);
}
